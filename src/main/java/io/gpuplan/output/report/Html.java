package io.gpuplan.output.report;

/** HTML escaping for text and attribute values: every piece of text the report writes goes through here. */
final class Html {
    private Html() {
    }

    /** Escapes {@code & < > " '} so text is safe in element content and in double- or single-quoted attributes. */
    static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code name="value"} with the value escaped, preceded by a space. */
    static String attr(String name, String value) {
        return " " + name + "=\"" + esc(value) + "\"";
    }
}
