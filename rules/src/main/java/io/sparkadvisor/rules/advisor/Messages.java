package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.ThresholdCatalogue;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The wording of each rule, kept apart from its logic in {@code messages/<rule>.yaml}: named
 * Mustache templates (title, summary, proof, experiment, checks, ...) filled with the rule's numbers.
 */
public final class Messages {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final DefaultMustacheFactory MUSTACHE = new DefaultMustacheFactory() {
        @Override
        public void encode(String value, Writer writer) {
            try {
                writer.write(value); // plain text: no HTML escaping
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
    private static final Map<String, Map<String, Object>> BY_RULE = new ConcurrentHashMap<>();
    /** A variable or the opening of a section: {{name}}, {{#name}}, {{^name}}. */
    private static final Pattern TAG = Pattern.compile("\\{\\{\\s*[#^]?\\s*([^}/!\\s][^}\\s]*)\\s*}}");
    private static final Pattern QUOTED_THRESHOLD = Pattern.compile("\\{\\{#(percent|longer|duration|times)}}(.*?)\\{\\{/\\1}}");
    private static final Pattern SECTION = Pattern.compile("\\{\\{#(\\w+)}}(.*?)\\{\\{/\\1}}", Pattern.DOTALL);
    /** Sees every bound instance; the test that renders every message of every rule listens here. */
    static volatile Consumer<Messages> observer = m -> { };

    private final String rule;
    private final Map<String, Object> scope;

    private Messages(String rule, Map<String, Object> scope) {
        this.rule = rule;
        this.scope = scope;
        observer.accept(this);
    }

    /** Messages of a rule bound to the values its templates refer to. */
    public static Messages of(String rule, Map<String, Object> scope) {
        return new Messages(rule, scope);
    }

    /**
     * Also lets the templates quote thresholds as they are set, so a sentence never contradicts the
     * check it describes: {@code {{#percent}}general.highAppShare{{/percent}}} gives "25%",
     * {@code {{#longer}}followUp.tradeOffRatio{{/longer}}} "10%" (a ratio of 1.1 as the increase it allows),
     * {@code {{#duration}}…{{/duration}}} a duration from milliseconds, {@code {{#times}}…{{/times}}} "3x".
     */
    public static Messages of(String rule, Map<String, Object> scope, Thresholds t) {
        Map<String, Object> withThresholds = new HashMap<>(scope);
        withThresholds.put("percent", (Function<String, String>) key -> Format.percent(t.get(threshold(key))));
        withThresholds.put("longer", (Function<String, String>) key -> Format.percent(t.get(threshold(key)) - 1));
        withThresholds.put("duration", (Function<String, String>) key -> Format.duration((long) t.get(threshold(key))));
        withThresholds.put("times", (Function<String, String>) key -> Format.ratio(t.get(threshold(key))) + "x");
        return new Messages(rule, withThresholds);
    }

    private static Threshold threshold(String key) {
        return ThresholdCatalogue.byKey(key.trim())
                .orElseThrow(() -> new IllegalStateException("a message quotes threshold " + key.trim() + ", which is not declared"));
    }

    public String text(String name) {
        Object template = templates(rule).get(name);
        if (!(template instanceof String s)) {
            throw new IllegalStateException("messages/" + rule + ".yaml has no text named " + name);
        }
        return render(name, s);
    }

    public List<String> list(String name) {
        Object templates = templates(rule).get(name);
        if (!(templates instanceof List<?> items)) {
            throw new IllegalStateException("messages/" + rule + ".yaml has no list named " + name);
        }
        return items.stream().map(i -> render(name, String.valueOf(i))).toList();
    }

    private String render(String name, String template) {
        List<String> unfilled = unfilled(template);
        if (!unfilled.isEmpty()) {
            throw new IllegalStateException("messages/" + rule + ".yaml: " + name + " refers to " + unfilled
                    + ", which the rule does not fill");
        }
        Mustache m = MUSTACHE.compile(new StringReader(template), rule + "." + name);
        StringWriter out = new StringWriter();
        m.execute(out, scope);
        return out.toString().trim().replaceAll("\\s*\\n\\s*", " ");
    }

    String rule() {
        return rule;
    }

    /** What a template refers to that this binding cannot fill: scope variables it lacks, thresholds not declared. */
    List<String> unfilled(String template) {
        List<String> out = new java.util.ArrayList<>();
        Matcher tag = TAG.matcher(withoutListBodies(template));
        while (tag.find()) {
            if (!tag.group(1).equals(".") && !scope.containsKey(tag.group(1))) {
                out.add("{{" + tag.group(1) + "}}");
            }
        }
        Matcher quoted = QUOTED_THRESHOLD.matcher(template);
        while (quoted.find()) {
            if (ThresholdCatalogue.byKey(quoted.group(2).trim()).isEmpty()) {
                out.add("threshold " + quoted.group(2).trim());
            }
        }
        return out;
    }

    /** A section over a list ({{#inputs}}{{name}}{{/inputs}}) is filled by its items, not by this scope. */
    private String withoutListBodies(String template) {
        return SECTION.matcher(template).replaceAll(m -> scope.get(m.group(1)) instanceof Iterable<?>
                ? Matcher.quoteReplacement("{{" + m.group(1) + "}}") : Matcher.quoteReplacement(m.group()));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> templates(String rule) {
        return BY_RULE.computeIfAbsent(rule, r -> {
            try (InputStream in = Messages.class.getResourceAsStream("/messages/" + r + ".yaml")) {
                if (in == null) {
                    throw new IllegalStateException("no messages/" + r + ".yaml on the classpath");
                }
                return YAML.readValue(in, Map.class);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
