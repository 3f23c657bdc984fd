package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** R5: currencies must be ISO 4217 codes, and every currency an offer uses needs an exchange rate. */
class CurrencyTest {

    private static String problem(String top, String offerCurrency) {
        return "name: t\nhorizon: {start: 2027-01-01, end: 2027-04-01}\n" + top + """
                offers:
                  - id: ali
                    provider: aliyun
                    region: cn-shanghai
                    jurisdiction: CN
                    accelerator: A100-80G
                    purchase: on-demand
                    price: 18.5
                """ + offerCurrency + """
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
    }

    @Test
    void exchangeRateMissingForACurrencyAnOfferUses() {
        String text = problem("exchangeRates: {EUR: 0.92}\n", "    currency: CNY\n");
        assertOnlyError(text, "offers[0].currency", "CNY", "no exchange rate for CNY", "add exchangeRates: {CNY: <units per 1 USD>}");
    }

    @Test
    void exchangeRateMissingWhenThereAreNoRatesAtAll() {
        String text = problem("", "    currency: CNY\n");
        assertOnlyError(text, "offers[0].currency", "CNY", "no exchange rate for CNY", "exchangeRates");
    }

    @Test
    void unknownOfferCurrency() {
        String text = problem("", "    currency: RMB\n");
        assertOnlyError(text, "offers[0].currency", "RMB", "unknown currency \"RMB\"", "ISO 4217");
    }

    @Test
    void unknownBaseCurrency() {
        String text = problem("currency: DOLLAR\n", "");
        assertOnlyError(text, "currency", "DOLLAR", "unknown currency \"DOLLAR\"", "ISO 4217 code such as USD");
    }

    @Test
    void unknownCurrencyInExchangeRates() {
        String text = problem("exchangeRates: {CNYY: 7.0}\n", "");
        assertOnlyError(text, "exchangeRates.CNYY", "7.0", "unknown currency \"CNYY\"", "ISO 4217");
    }

    @Test
    void exchangeRateMustBePositive() {
        String text = problem("exchangeRates: {CNY: -7}\n", "    currency: CNY\n");
        assertOnlyError(text, "exchangeRates.CNY", "CNY: ^-7", "is -7, must be greater than zero", "a positive number");
    }

    @Test
    void offerInTheBaseCurrencyNeedsNoRate() {
        Problem p = ReaderAssertions.parse(problem("currency: EUR\n", ""));
        assertEquals("EUR", p.offers().get(0).currency());
        assertEquals(18.5, p.offers().get(0).priceInBase());
    }
}
