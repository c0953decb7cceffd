package io.sparkadvisor.templates;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.reflect.MissingWrapper;
import com.github.mustachejava.reflect.ReflectionObjectHandler;
import com.github.mustachejava.util.Wrapper;
import io.sparkadvisor.knowledge.Redactor;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Loads the templates of this module from the classpath ({@code templates/<name>.mustache}) and
 * renders them: plain text as is, Block Kit JSON with every value escaped for a JSON string. Every
 * value is passed through {@link Redactor} first: values carry job settings, cluster specs, Spark
 * properties and error text from the workspace, and this is where all of them become a message.
 * Rendering is strict: a tag whose name the scope does not hold (a typo, a value the Java side
 * forgot) throws instead of rendering as nothing, so the scope of a template names every variable
 * and every section it uses (a section that is off is {@code false} or empty, not absent).
 */
public final class Templates {
    private static final DefaultMustacheFactory PLAIN = strict(new DefaultMustacheFactory("templates") {
        @Override
        public void encode(String value, Writer writer) {
            write(writer, Redactor.redact(value));
        }
    });

    /**
     * Mustache HTML-escapes by default, which would corrupt JSON; here a value becomes the inside of
     * a JSON string, and Slack's three control characters (&amp; &lt; &gt;) are escaped too, so a
     * job name can never open a link or a mention.
     */
    private static final DefaultMustacheFactory JSON = strict(new DefaultMustacheFactory("templates") {
        @Override
        public void encode(String value, Writer writer) {
            write(writer, jsonString(Redactor.redact(value)));
        }
    });

    /** Compiled inline templates (the entries of the replies catalogues), by name. */
    private static final Map<String, Mustache> INLINE = new ConcurrentHashMap<>();

    /** Sees the name of every template rendered; the test that renders every template listens here. */
    static volatile Consumer<String> observer = name -> { };

    private Templates() {}

    /** Renders {@code templates/<name>.mustache} as plain text. */
    public static String plain(String name, Object scope) {
        return render(PLAIN, name, scope);
    }

    /** Renders {@code templates/<name>.mustache}, whose values are JSON-escaped. */
    public static String json(String name, Object scope) {
        return render(JSON, name, scope);
    }

    /**
     * Renders {@code template}, a sentence kept in a catalogue rather than in a file of its own, as
     * plain text; {@code name} says where it comes from and caches it compiled.
     */
    public static String inline(String name, String template, Object scope) {
        observer.accept(name);
        Mustache m = INLINE.computeIfAbsent(name, n -> PLAIN.compile(new StringReader(template), n));
        return execute(m, scope);
    }

    private static String render(DefaultMustacheFactory factory, String name, Object scope) {
        observer.accept(name);
        return execute(factory.compile(name + ".mustache"), scope);
    }

    private static String execute(Mustache m, Object scope) {
        StringWriter out = new StringWriter();
        m.execute(out, scope);
        return out.toString();
    }

    /** A name that no scope on the stack holds is an error, not an empty string. */
    private static DefaultMustacheFactory strict(DefaultMustacheFactory factory) {
        factory.setObjectHandler(new ReflectionObjectHandler() {
            @Override
            public Wrapper find(String name, List<Object> scopes) {
                Wrapper found = super.find(name, scopes);
                if (found instanceof MissingWrapper) {
                    throw new IllegalStateException("a template refers to {{" + name + "}}, which its scope does not fill");
                }
                return found;
            }
        });
        return factory;
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
                case '&', '<', '>' -> b.append(slackEntity(c));
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

    /** Redacts, then escapes Slack's control characters in, text Slack parses outside blocks, such as a message's fallback text. */
    public static String slackText(String text) {
        String value = Redactor.redact(text);
        StringBuilder b = new StringBuilder(value.length() + 16);
        value.chars().forEach(c -> b.append(c == '&' || c == '<' || c == '>' ? slackEntity((char) c) : String.valueOf((char) c)));
        return b.toString();
    }

    private static String slackEntity(char c) {
        return switch (c) {
            case '&' -> "&amp;";
            case '<' -> "&lt;";
            default -> "&gt;";
        };
    }

    private static void write(Writer writer, String value) {
        try {
            writer.write(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
