package io.sparkadvisor.templates;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/** Loads the templates of this module from the classpath ({@code templates/<name>.mustache}) and renders them. */
final class Templates {
    private static final DefaultMustacheFactory PLAIN = new DefaultMustacheFactory("templates") {
        @Override
        public void encode(String value, Writer writer) {
            try {
                writer.write(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private Templates() {}

    static String plain(String name, Object scope) {
        Mustache m = PLAIN.compile(name + ".mustache");
        StringWriter out = new StringWriter();
        m.execute(out, scope);
        return out.toString();
    }
}
