package io.sparkadvisor.databricks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A {@code dbfs/read} answer's bytes, however the server wrote its JSON. */
class SdkJsonTest {
    private static final byte[] BYTES = new byte[3000];
    static {
        new Random(7).nextBytes(BYTES);
    }
    private static final String DATA = Base64.getEncoder().encodeToString(BYTES);

    @Test
    void theFieldIsDecodedWhereverItStands() throws IOException {
        assertArrayEquals(BYTES, data("{\"bytes_read\":3000,\"data\":\"" + DATA + "\"}"));
        assertArrayEquals(BYTES, data("{ \"data\" : \"" + DATA + "\", \"bytes_read\": 3000, \"more\": {\"data\": \"x\"} }"));
    }

    @Test
    void escapedSlashesAreJsonToo() throws IOException {
        assertEquals(true, DATA.contains("/"), "the sample has a '/' to escape");
        assertArrayEquals(BYTES, data("{\"bytes_read\":3000,\"data\":\"" + DATA.replace("/", "\\/") + "\"}"));
    }

    @Test
    void noDataIsNoBytes() throws IOException {
        assertEquals(0, data("{\"bytes_read\":0}").length);
        assertEquals(0, data("{\"bytes_read\":0,\"data\":null}").length);
        assertEquals(0, data("{\"bytes_read\":0,\"data\":\"\"}").length);
    }

    private static byte[] data(String json) throws IOException {
        return SdkJson.base64Field(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "data");
    }
}
