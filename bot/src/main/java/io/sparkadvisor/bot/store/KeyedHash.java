package io.sparkadvisor.bot.store;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.BotSettings;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 of values the bot must recognise later but never keep (a table's hot value): the database holds the
 * hash, and only the bot's key can tell which value it stands for, so a dump of the database does not give the
 * values away, nor lets anyone test guesses against it without the key.
 *
 * <p>The key is {@code SPARK_ADVISOR_HASH_KEY} (at least 32 characters; the same on every replica), or, unset, 32
 * random bytes generated once and kept in the database's {@code hash_keys} table, which every replica shares: the
 * hashes then resist someone who sees hot_values alone, not someone who dumps the whole database.
 */
public final class KeyedHash {
    public static final String SETTING = BotSettings.HASH_KEY.key();
    private static final String ALGORITHM = "HmacSHA256";
    /** What SQL NULL hashes as: no string value can be this (a NUL character and a word). */
    private static final String NULL_VALUE = "\u0000NULL";

    private final SecretKeySpec key;

    KeyedHash(byte[] key) {
        this.key = new SecretKeySpec(key, ALGORITHM);
    }

    /** The key from {@link #SETTING}, else the one kept in {@code db} (generated there on first use). */
    public static KeyedHash fromEnvironment(Map<String, String> env, Database db) {
        return BotSettings.HASH_KEY.read(env).map(configured -> new KeyedHash(configured.getBytes(StandardCharsets.UTF_8)))
                .orElseGet(() -> new KeyedHash(kept(db)));
    }

    /** Hex of the value's HMAC; SQL NULL (null) has a hash of its own. */
    public String of(String value) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return HexFormat.of().formatHex(mac.doFinal((value == null ? NULL_VALUE : value).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is missing from this JVM", e);
        }
    }

    /** Whether {@code value} is the one {@code hash} was made of (compared in constant time). */
    public boolean matches(String value, String hash) {
        return hash != null && MessageDigest.isEqual(of(value).getBytes(StandardCharsets.US_ASCII), hash.getBytes(StandardCharsets.US_ASCII));
    }

    /** The key kept in the database: the first replica to need one inserts it, every other reads that one. */
    private static byte[] kept(Database db) {
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        try {
            db.inTransaction(sql -> sql.update("INSERT INTO hash_keys (name, secret) VALUES ('hot-values', ?)",
                    Base64.getEncoder().encodeToString(fresh)));
        } catch (StoreException e) {
            if (!e.isDuplicateKey()) {
                throw e;
            }
        }
        String secret = db.inTransaction(sql -> sql.query("SELECT secret FROM hash_keys WHERE name = 'hot-values'",
                rs -> rs.getString("secret")).get(0));
        return Base64.getDecoder().decode(secret);
    }
}
