package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FormatTest {
    @Test
    void decimalsKeepTheirWidthUntilTheyWouldShowNothing() {
        assertEquals("1.20", Format.decimals(1.2, 2));
        assertEquals("0.10", Format.decimals(0.1, 2));
        assertEquals("0.0031", Format.decimals(0.00314, 2), "not 0.00");
        assertEquals("0.046", Format.decimals(0.0456, 2));
        assertEquals("0.166", Format.decimals(0.1664, 3));
        assertEquals("0.0029", Format.decimals(0.0029, 3), "not 0.003");
        assertEquals("0.00", Format.decimals(0, 2));
    }
}
