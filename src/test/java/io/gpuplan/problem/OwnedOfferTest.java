package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static io.gpuplan.problem.ReaderAssertions.errors;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** R28: how an owned offer is written, its defaults, and the errors a wrong one gets (all at once, located). */
class OwnedOfferTest {

    private static String offer(String purchase, String fields) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - id: own
                    provider: onprem
                    region: rack-1
                    jurisdiction: DE
                    accelerator: RTX-4090
                    purchase: %s
                """.formatted(purchase) + fields + """
                jobs:
                  - {id: j, kind: training, memoryGb: 20, flops: 1e18}
                """;
    }

    @Test
    void defaultsAndTheDerivedPricePerGpuHour() {
        Problem p = parse(offer("owned", "    purchasePrice: 1600\n    powerKw: 0.45\n    electricityPricePerKwh: 0.12\n"));
        Offer o = p.offer("own").orElseThrow();
        assertEquals(PurchaseModel.OWNED, o.purchase());
        assertEquals(36, o.owned().depreciationMonths(), "default: three years straight line");
        assertEquals(1.58, o.owned().pue(), "default: Uptime Institute 2023 average");
        assertEquals(0, o.owned().operationsPerGpuMonth());
        assertEquals(0, o.owned().leadTimeWeeks());
        // 1600 / 36 = 44.4444 per GPU-month, / 730 = 0.060883 per GPU-hour, used or not.
        assertEquals(1600.0 / 36 / 730, o.price(), 1e-12);
        // 0.45 kW × 1.58 × 0.12 = 0.08532 per GPU-hour in use.
        assertEquals(0.08532, o.owned().powerPerGpuHour(), 1e-12);
        assertEquals(0, o.termMonths());
    }

    @Test
    void anOwnedOfferInAnotherCurrencyConvertsItsHourlyFigures() {
        String text = offer("owned", "    currency: EUR\n    purchasePrice: 14600\n    depreciationMonths: 20\n"
                + "    powerKw: 0.5\n    electricityPricePerKwh: 0.2\n    pue: 1.5\n").replace("jobs:", "exchangeRates: {EUR: 0.8}\njobs:");
        Offer o = parse(text).offer("own").orElseThrow();
        // 14600 / 20 / 730 = 1.00 EUR per GPU-hour = 1.25 USD at 0.8 EUR per USD; power 0.15 EUR = 0.1875 USD.
        assertEquals(1.0, o.price(), 1e-12);
        assertEquals(1.25, o.priceInBase(), 1e-12);
        assertEquals(0.1875, o.powerPerGpuHourInBase(), 1e-12);
    }

    @Test
    void anOwnedOfferNeedsPurchasePricePowerAndItsKwhPrice() {
        String text = offer("owned", "    maxGpus: 8\n");
        assertEquals(3, errors(text).size(), () -> ReaderAssertions.format(errors(text)));
        assertError(text, "offers[0].purchasePrice", "id: own", "missing required field for an owned offer", "e.g. 1600");
        assertError(text, "offers[0].powerKw", "id: own", "missing required field for an owned offer", "e.g. 0.45");
        assertError(text, "offers[0].electricityPricePerKwh", "id: own", "missing required field for an owned offer", "e.g. 0.12");
    }

    @Test
    void anOwnedOfferHasNoPricePerGpuHour() {
        String text = offer("owned", "    price: 0.4\n    purchasePrice: 1600\n    powerKw: 0.45\n    electricityPricePerKwh: 0.12\n");
        assertOnlyError(text, "offers[0].price", "price: ^0.4", "R28 derives it", "remove price");
    }

    @Test
    void anOwnedOfferHasNoTerm() {
        String text = offer("owned", "    termMonths: 36\n    purchasePrice: 1600\n    powerKw: 0.45\n    electricityPricePerKwh: 0.12\n");
        assertOnlyError(text, "offers[0].termMonths", "termMonths: ^36", "only reserved offers have a term", "depreciationMonths");
    }

    @Test
    void outOfRangeTermsAreReportedTogether() {
        String text = offer("owned", "    purchasePrice: -5\n    powerKw: 0.45\n    electricityPricePerKwh: 0.12\n    pue: 0.9\n"
                + "    depreciationMonths: 0\n    leadTimeWeeks: -1\n");
        assertEquals(4, errors(text).size(), () -> ReaderAssertions.format(errors(text)));
        assertError(text, "offers[0].purchasePrice", "purchasePrice: ^-5", "must be greater than zero", "a positive number");
        assertError(text, "offers[0].pue", "pue: ^0.9", "outside what gpuplan plans with", "from 1 to 5, default 1.58");
        assertError(text, "offers[0].depreciationMonths", "depreciationMonths: ^0", "must be greater than zero", "a positive number");
        assertError(text, "offers[0].leadTimeWeeks", "leadTimeWeeks: ^-1", "must not be negative", "zero or more");
    }

    @Test
    void ownedFieldsOnARentedOfferAreRefused() {
        String text = offer("on-demand", "    price: 0.4\n    purchasePrice: 1600\n");
        assertOnlyError(text, "offers[0].purchasePrice", "purchasePrice: ^1600", "only owned offers have purchasePrice",
                "make the offer purchase: owned");
    }

    @Test
    void aRentedOfferStillNeedsItsPrice() {
        String text = offer("on-demand", "");
        assertOnlyError(text, "offers[0].price", "id: own", "missing required field", "");
    }

    @Test
    void anOverlayScalesAnOwnedOffersPurchasePrice(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("base.yaml"), offer("owned",
                "    purchasePrice: 1600\n    powerKw: 0.45\n    electricityPricePerKwh: 0.12\n"));
        java.nio.file.Files.writeString(dir.resolve("cheaper.yaml"),
                "extends: base.yaml\nscale:\n  - {prices: 0.75, purchase: owned}\n");
        Offer o = ProblemReader.read(dir.resolve("cheaper.yaml")).problem().offer("own").orElseThrow();
        // "prices" of an owned offer is what its cards cost to buy: 1600 × 0.75 = 1200; its hourly figure follows.
        assertEquals(1200, o.owned().purchasePrice(), 1e-9);
        assertEquals(1200.0 / 36 / 730, o.price(), 1e-12);
    }

    @Test
    void aRentedOfferHasNoOwnedTerms() {
        assertNull(parse(offer("on-demand", "    price: 0.4\n")).offer("own").orElseThrow().owned());
    }
}
