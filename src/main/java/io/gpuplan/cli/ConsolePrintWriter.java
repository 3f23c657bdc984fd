package io.gpuplan.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * What every command prints goes through here: ids, names and file names come from files anyone may have written,
 * and a terminal obeys the control characters in them (clear the screen, retitle the window, rewrite a line with
 * {@code \r}, reverse text). Each such character is shown as an escape instead — {@code \x1b}, {@code \r},
 * {@code \u202e} — so the console shows what the file says. Newlines and tabs pass.
 */
final class ConsolePrintWriter extends PrintWriter {
    private final PrintWriter target;

    private ConsolePrintWriter(PrintWriter target) {
        super(new Escaping(target), true);
        this.target = target;
    }

    /** {@code target} with control characters escaped (once: a console writer is returned as it is). */
    static PrintWriter of(PrintWriter target) {
        return target instanceof ConsolePrintWriter ? target : new ConsolePrintWriter(target);
    }

    /** Rewrites the current terminal line with {@code text} (escaped): the one carriage return gpuplan itself sends. */
    static void rewriteLine(PrintWriter console, String text) {
        if (console instanceof ConsolePrintWriter c) {
            c.flush();
            c.target.print('\r');
            c.print(text);
        } else {
            console.print("\r" + text);
        }
        console.flush();
    }

    /** Whether a terminal would act on {@code c} rather than show it: C0 and C1 controls, DEL, bidi overrides. */
    static boolean isControl(char c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f)
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }

    private static final class Escaping extends Writer {
        private final Writer out;

        Escaping(Writer out) {
            this.out = out;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            StringBuilder sb = new StringBuilder(len);
            for (int i = off; i < off + len; i++) {
                char c = buf[i];
                boolean lineEnd = c == '\r' && i + 1 < off + len && buf[i + 1] == '\n'; // println's \r\n on Windows
                if (!isControl(c) || lineEnd) {
                    sb.append(c);
                } else if (c == '\r') {
                    sb.append("\\r");
                } else if (c <= 0xff) {
                    sb.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
                } else {
                    sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                }
            }
            out.write(sb.toString());
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
