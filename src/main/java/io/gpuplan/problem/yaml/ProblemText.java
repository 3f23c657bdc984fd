package io.gpuplan.problem.yaml;

import io.gpuplan.problem.IoFailure;
import io.gpuplan.problem.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The text of a problem file (or an overlay's base), read within {@link Limits#MAX_FILE_BYTES} and decoded as strict
 * UTF-8. Only regular files are opened: a FIFO would block the open forever and {@code /dev/zero} has no end (its
 * {@code size()} says 0), so the cap is on what is read, not on what the file system says.
 */
public record ProblemText(byte[] bytes, String text) {
    /** Why a file cannot be read as problem text: what is wrong (naming no Java class) and what would be valid. */
    public static final class Unreadable extends Exception {
        private final Location location;
        private final String valid;

        Unreadable(Location location, String what, String valid) {
            super(what, null, false, false);
            this.location = location;
            this.valid = valid;
        }

        public Location location() {
            return location;
        }

        public String what() {
            return getMessage();
        }

        public String valid() {
            return valid;
        }
    }

    private static final String VALID = "a readable YAML problem file";
    /** The C0 control characters' short names (NUL, BEL), as editors show them. */
    private static final String[] C0 = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT",
        "FF", "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS",
        "RS", "US"};

    public static ProblemText read(Path file) throws Unreadable {
        if (Files.isDirectory(file)) {
            throw new Unreadable(Location.UNKNOWN, "it is a folder", "the path of a YAML problem file");
        }
        if (!Files.exists(file)) {
            throw new Unreadable(Location.UNKNOWN, "no such file", "the path of an existing YAML problem file");
        }
        if (!Files.isRegularFile(file)) {
            throw new Unreadable(Location.UNKNOWN, "it is not a regular file (a device, pipe or socket)", VALID);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) Limits.MAX_FILE_BYTES + 1);
        } catch (IOException e) {
            throw new Unreadable(Location.UNKNOWN, IoFailure.reading(file, e), VALID);
        }
        if (bytes.length > Limits.MAX_FILE_BYTES) {
            throw new Unreadable(Location.UNKNOWN, "it has more than " + Limits.MAX_FILE_BYTES + " bytes, more than a problem file needs",
                    "at most " + Limits.MAX_FILE_BYTES + " bytes");
        }
        return new ProblemText(bytes, decode(bytes));
    }

    /**
     * Strict UTF-8: a byte that is not UTF-8 is an error at its line and column, not a silent U+FFFD; so is a character
     * YAML does not allow (a NUL, a BEL).
     */
    public static String decode(byte[] bytes) throws Unreadable {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            String before = new String(bytes, 0, at, StandardCharsets.UTF_8);
            throw new Unreadable(locationOf(before, before.length()), String.format("the byte 0x%02X is not UTF-8 text", bytes[at] & 0xff),
                    "save the file as UTF-8");
        }
        decoder.flush(out);
        String text = out.flip().toString();
        int at = unprintable(text);
        if (at >= 0) {
            // SnakeYAML says only "special characters are not allowed", at 1:1 wherever the character is.
            int c = text.charAt(at);
            String name = c < C0.length ? " (" + C0[c] + ")" : c == 0x7F ? " (DEL)" : "";
            throw new Unreadable(locationOf(text, at), String.format("the control character U+%04X%s is not"
                    + " allowed in YAML", c, name), "remove it: YAML text is printable characters, tabs and line breaks");
        }
        return text;
    }

    /** The line and column of the character at {@code index} of {@code text}. */
    private static Location locationOf(String text, int index) {
        int line = 1 + (int) text.substring(0, index).chars().filter(c -> c == '\n').count();
        return new Location(line, index - text.lastIndexOf('\n', index - 1));
    }

    /** The index of the first character outside YAML 1.2's printable set (5.1), or -1. */
    private static int unprintable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean printable = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0x7E) || c == 0x85
                    || (c >= 0xA0 && c <= 0xFFFD);
            if (!printable) {
                return i;
            }
        }
        return -1;
    }
}
