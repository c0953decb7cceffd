package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes a real event log again the ways JSON allows and a few it does not, at random: members in
 * another order, characters of names and strings as unicode escapes, extra members and elements,
 * every number in another form (fraction, exponent, negative zero), white space between tokens,
 * CRLF line ends, blank lines, and now and then a damaged line (a byte dropped, added or changed,
 * a line cut). The skimmer must read every such log to the same facts as the full parser.
 */
final class LogMutator {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ODD_CHARS = "\"\\/ \t{}[],:é€😀\u0001";
    private static final String DAMAGE = "{}[],:\"\\ x0é";
    private final Random random;
    private final double rate;
    private StringBuilder out;

    /** {@code rate}: the share of lines rewritten, and how often each rewrite applies within a line. */
    LogMutator(Random random, double rate) {
        this.random = random;
        this.rate = rate;
    }

    byte[] mutate(List<String> lines) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String newline = random.nextBoolean() ? "\n" : "\r\n";
        for (String line : lines) {
            String written = chance() ? rewrite(line) : line;
            if (random.nextDouble() < rate / 50) {
                written = damage(written);
            }
            bytes.write(written.getBytes(StandardCharsets.UTF_8));
            bytes.write((random.nextDouble() < rate / 20 ? newline + newline : newline).getBytes(StandardCharsets.US_ASCII));
        }
        return bytes.toByteArray();
    }

    private boolean chance() {
        return random.nextDouble() < rate;
    }

    private String rewrite(String line) {
        JsonNode event;
        try {
            event = JSON.readTree(line);
        } catch (IOException e) {
            return line;
        }
        out = new StringBuilder(line.length() + 64);
        value(event, 0);
        return out.toString();
    }

    private void value(JsonNode node, int depth) {
        space();
        if (node.isObject()) {
            object(node, depth);
        } else if (node.isArray()) {
            out.append('[');
            List<JsonNode> items = new ArrayList<>();
            node.forEach(items::add);
            if (chance()) {
                items.add(random.nextInt(items.size() + 1), extra(depth));
            }
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    space();
                    out.append(',');
                }
                value(items.get(i), depth + 1);
            }
            space();
            out.append(']');
        } else if (node.isTextual()) {
            string(node.asText());
        } else if (node.isNumber()) {
            number(node.decimalValue());
        } else {
            out.append(node.asText()); // true, false, null
        }
        space();
    }

    private void object(JsonNode node, int depth) {
        List<Map.Entry<String, JsonNode>> members = new ArrayList<>();
        node.fields().forEachRemaining(members::add);
        // the reader wants "Event" first: keep it there, but not always
        int fixed = depth == 0 && random.nextDouble() > rate / 10 ? 1 : 0;
        if (chance()) {
            Collections.shuffle(members.subList(Math.min(fixed, members.size()), members.size()), random);
        }
        if (chance()) {
            int at = fixed + random.nextInt(members.size() - Math.min(fixed, members.size()) + 1);
            members.add(Math.min(at, members.size()), Map.entry(randomText(), extra(depth)));
        }
        out.append('{');
        for (int i = 0; i < members.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            space();
            string(members.get(i).getKey());
            space();
            out.append(':');
            value(members.get(i).getValue(), depth + 1);
        }
        if (members.isEmpty()) {
            space();
        }
        out.append('}');
    }

    /** An extra value: nested containers, odd strings, numbers and literals. */
    private JsonNode extra(int depth) {
        return switch (depth > 6 ? 3 : random.nextInt(6)) {
            case 0 -> JSON.createObjectNode().put(randomText(), randomText()).set("nested", extra(depth + 1));
            case 1 -> JSON.createArrayNode().add(extra(depth + 1)).add(random.nextLong()).add(randomText());
            case 2 -> JSON.getNodeFactory().numberNode(new BigDecimal(random.nextGaussian() * 1e6).setScale(random.nextInt(4),
                    java.math.RoundingMode.HALF_UP));
            case 3 -> JSON.getNodeFactory().textNode(randomText());
            case 4 -> JSON.getNodeFactory().booleanNode(random.nextBoolean());
            default -> JSON.getNodeFactory().nullNode();
        };
    }

    private String randomText() {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            int at = random.nextInt(ODD_CHARS.codePointCount(0, ODD_CHARS.length()));
            s.appendCodePoint(random.nextBoolean() ? 'a' + random.nextInt(26) : ODD_CHARS.codePointAt(ODD_CHARS.offsetByCodePoints(0, at)));
        }
        return s.toString();
    }

    private void string(String s) {
        boolean escapes = chance();
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || escapes && random.nextInt(4) == 0) {
                out.append(String.format(random.nextBoolean() ? "\\u%04x" : "\\u%04X", (int) c));
            } else if (c == '/' && escapes) {
                out.append("\\/");
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    /** The same number in one of the forms JSON allows. */
    private void number(BigDecimal v) {
        if (!chance()) {
            out.append(v.toPlainString());
            return;
        }
        switch (random.nextInt(5)) {
            case 0 -> out.append(v.toPlainString()).append(v.scale() > 0 ? "0" : ".0");
            case 1 -> out.append(v.unscaledValue()).append(random.nextBoolean() ? 'e' : 'E').append(-v.scale());
            case 2 -> out.append(v.movePointLeft(3).toPlainString()).append("e+3");
            case 3 -> out.append(v.signum() == 0 ? "-0" : v.toString());
            default -> out.append(v.stripTrailingZeros().toString());
        }
    }

    private void space() {
        if (random.nextDouble() < rate / 4) {
            out.append(" \t\r  ", 0, 1 + random.nextInt(4));
        }
    }

    private String damage(String line) {
        if (line.isEmpty()) {
            return line;
        }
        int at = random.nextInt(line.length());
        char c = DAMAGE.charAt(random.nextInt(DAMAGE.length()));
        return switch (random.nextInt(4)) {
            case 0 -> line.substring(0, at) + line.substring(at + 1);
            case 1 -> line.substring(0, at) + c + line.substring(at);
            case 2 -> line.substring(0, at) + c + line.substring(at + 1);
            default -> line.substring(0, at);
        };
    }
}
