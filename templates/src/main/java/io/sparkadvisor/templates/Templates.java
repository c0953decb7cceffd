package io.sparkadvisor.templates;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Loads the templates of this module from the classpath ({@code templates/<name>.mustache}) and
 * renders them: plain text as is, Block Kit JSON with every value escaped for a JSON string.
 */
public final class Templates {
    private static final DefaultMustacheFactory PLAIN = new DefaultMustacheFactory("templates") {
        @Override
        public void encode(String value, Writer writer) {
            write(writer, value);
        }
    };

    /**
     * Mustache HTML-escapes by default, which would corrupt JSON; here a value becomes the inside of
     * a JSON string, and Slack's three control characters (&amp; &lt; &gt;) are escaped too, so a
     * job name can never open a link or a mention.
     */
    private static final DefaultMustacheFactory JSON = new DefaultMustacheFactory("templates") {
        @Override
        public void encode(String value, Writer writer) {
            write(writer, jsonString(value));
        }
    };

    private Templates() {}

    /** Renders {@code templates/<name>.mustache} as plain text. */
    public static String plain(String name, Object scope) {
        return render(PLAIN, name, scope);
    }

    /** Renders {@code templates/<name>.mustache}, whose values are JSON-escaped. */
    public static String json(String name, Object scope) {
        return render(JSON, name, scope);
    }

    private static String render(DefaultMustacheFactory factory, String name, Object scope) {
        Mustache m = factory.compile(name + ".mustache");
        StringWriter out = new StringWriter();
        m.execute(out, scope);
        return out.toString();
    }

    static String jsonString(String value) {
        StringBuilder b = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    private static void write(Writer writer, String value) {
        try {
            writer.write(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
