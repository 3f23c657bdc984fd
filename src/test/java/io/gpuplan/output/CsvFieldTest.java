package io.gpuplan.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * CSV cells that a spreadsheet would run as a formula (text starting with = + - @, tab or CR) are written as text:
 * a leading apostrophe, quoted (the OWASP "CSV injection" advice); numbers stay numbers.
 */
class CsvFieldTest {
    @Test
    void formulaLikeTextIsNeutralizedAndNumbersAreNot() {
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", CsvField.of("=HYPERLINK(\"http://x\",\"y\")"));
        assertEquals("\"'+1+2\"", CsvField.of("+1+2"));
        assertEquals("\"'-2+3+cmd|' /C calc'!A0\"", CsvField.of("-2+3+cmd|' /C calc'!A0"));
        assertEquals("\"'@SUM(A1)\"", CsvField.of("@SUM(A1)"));
        assertEquals("\"'\tx\"", CsvField.of("\tx"));
        assertEquals("-123.45", CsvField.of("-123.45"));
        assertEquals("-1e-5", CsvField.of("-1e-5"));
        assertEquals("pretrain-7b", CsvField.of("pretrain-7b"));
        assertEquals("\"a,b\"", CsvField.of("a,b"));
        assertEquals("", CsvField.of(null));
    }
}
