package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlNamesTest {
    @ParameterizedTest
    @ValueSource(strings = {
        // the audit's key: an expression that ends the statement early and comments the rest out
        "inline(array(struct(secret AS market_id, 1L AS rows, 1L AS all_rows))) FROM vault.creds LIMIT 20 --",
        "market_id, secret", "market_id -- x", "market_id/**/", "/**/market_id", "market id", "'market_id'", "\"market_id\"",
        "upper(market_id)", "market_id + 1", "cast(market_id as string)", "market_id;", "SELECT", "from", "Union", "null",
        "1market", "", " ", " market_id", "market_id ", "market.id",
        // backticks that close early, nest, or wrap what a name cannot hold
        "`market_id` FROM vault.creds --`", "`a``b`", "`a b`", "`a(b)`", "`a,b`", "`a--b`", "`a/*b*/`", "``", "`",
        "`market_id", "market_id`",
        // unicode tricks: zero-width space, right-to-left override, fullwidth backtick, Cyrillic a in an unquoted name,
        // a non-breaking space, a line separator
        "market\u200B_id", "market_id\u202E", "\uFF40market_id\uFF40", "m\u0430rket_id", "market\u00A0id", "`market\u2028id`",
        "`market\u200Bid`"})
    void aShuffleKeyThatIsNotOnePlainColumnIsRefused(String key) {
        assertEquals(Optional.empty(), SqlNames.column(key), key);
    }

    @Test
    void plainColumnsPassAsTheirNames() {
        assertEquals(Optional.of("market_id"), SqlNames.column("market_id"));
        assertEquals(Optional.of("_c0"), SqlNames.column("_c0"));
        assertEquals(Optional.of("MarketId2"), SqlNames.column("MarketId2"));
        assertEquals(Optional.of("selected"), SqlNames.column("selected"), "a keyword's prefix is a name");
        assertEquals(Optional.of("market-id"), SqlNames.column("`market-id`"));
        assertEquals(Optional.of("select"), SqlNames.column("`select`"), "a keyword in backticks is a name");
        assertEquals(Optional.of("straße"), SqlNames.column("`straße`"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "spark_catalog.default.sales/**/UNION/**/SELECT/**/secret/**/FROM/**/vault.creds", // a BatchScan name with /**/
        "vault.creds --", "a.b.c.d", "a..b", ".a", "a.", "main.sales.`orders` x", "main.`sales.orders", "main.`sal`es`.t",
        "delta.`/mnt/data/sales`", "delta.`dbfs:/x`", "main.sales.orders;DROP", "main.sales.o\u200Brders", "`main`.`sa les`.t",
        "select.x.y", ""})
    void aTableNameThatIsNotOneToThreeIdentifiersIsRefused(String name) {
        assertEquals(Optional.empty(), SqlNames.table(name), name);
    }

    @Test
    void tableNamesOfOneToThreePartsPass() {
        assertEquals(Optional.of(List.of("spark_catalog", "default", "sales")), SqlNames.table("spark_catalog.default.sales"));
        assertEquals(Optional.of(List.of("default", "sales")), SqlNames.table("default.sales"));
        assertEquals(Optional.of(List.of("sales")), SqlNames.table("sales"));
        assertEquals(Optional.of(List.of("main", "sales-eu", "orders")), SqlNames.table("main.`sales-eu`.orders"));
    }

    @Test
    void pathsWithControlOrInvisibleCharactersAreRefusedAndOthersKeptAsTheyAre() {
        assertEquals(Optional.of("dbfs:/mnt/data/sales"), SqlNames.path("dbfs:/mnt/data/sales"));
        assertEquals(Optional.of("abfss://lake@acct.dfs.core.windows.net/eu sales"), SqlNames.path("abfss://lake@acct.dfs.core.windows.net/eu sales"));
        assertEquals(Optional.of("dbfs:/x`; DROP TABLE t; --"), SqlNames.path("dbfs:/x`; DROP TABLE t; --"), "kept: quoting neutralises it");
        for (String bad : List.of("", " ", " dbfs:/x", "dbfs:/x\n", "dbfs:/x\u0000", "dbfs:/x\u202E", "dbfs:/\u200Bx", "dbfs:/x\ty")) {
            assertEquals(Optional.empty(), SqlNames.path(bad), bad);
        }
    }

    @Test
    void quotingWrapsEveryPartAndDoublesBackticks() {
        assertEquals("`market_id`", SqlNames.quoted("market_id"));
        assertEquals("`dbfs:/x``; DROP TABLE t; --`", SqlNames.quoted("dbfs:/x`; DROP TABLE t; --"));
        assertEquals("`main`.`sales-eu`.`orders`", SqlNames.quoted(List.of("main", "sales-eu", "orders")));
        assertEquals("````", SqlNames.quoted("`"));
    }
}
