package lab.vthreads.scenario;

import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A request's body: none, JSON (written from YAML), a form, or text; every string in it may hold templates. */
public sealed interface Body {

    JsonMapper JSON = JsonMapper.builder().build();

    /** The content type the body is sent with; null without one. */
    String contentType();

    /** The body as sent, its templates filled in; null without one. */
    String render(Function<Template, String> fill);

    record None() implements Body {
        public String contentType() {
            return null;
        }

        public String render(Function<Template, String> fill) {
            return null;
        }
    }

    /** @param tree maps, lists, {@link Template}s for strings, and numbers, booleans and nulls as YAML gave them */
    record Json(Object tree) implements Body {
        public String contentType() {
            return "application/json";
        }

        public String render(Function<Template, String> fill) {
            return JSON.writeValueAsString(filled(tree, fill));
        }

        private static Object filled(Object node, Function<Template, String> fill) {
            if (node instanceof Template t) return fill.apply(t);
            if (node instanceof Typed typed) return typed.value(fill.apply(typed.template()));
            if (node instanceof Map<?, ?> map) {
                Map<String, Object> out = new LinkedHashMap<>();
                map.forEach((k, v) -> out.put(k.toString(), filled(v, fill)));
                return out;
            }
            if (node instanceof List<?> list) {
                List<Object> out = new ArrayList<>();
                list.forEach(v -> out.add(filled(v, fill)));
                return out;
            }
            return node;
        }
    }

    /**
     * A JSON value whose text comes from a template and goes out as a number or a boolean ({@code !number},
     * {@code !boolean} in the YAML): a payload's or a captured id sent as {@code 7}, not {@code "7"}.
     */
    record Typed(Template template, Kind kind) {

        public enum Kind {
            NUMBER("!number"), BOOLEAN("!boolean");

            private final String tag;

            Kind(String tag) {
                this.tag = tag;
            }

            public String tag() {
                return tag;
            }
        }

        /** The filled text as its JSON type; a text that is not one fails the request that would have sent it, naming both. */
        Object value(String text) {
            String trimmed = text.trim();
            return switch (kind) {
                case NUMBER -> {
                    try {
                        yield new java.math.BigDecimal(trimmed);
                    } catch (NumberFormatException e) {
                        throw new IllegalStateException(template + " is '" + text + "', not a number, as !number asks");
                    }
                }
                case BOOLEAN -> {
                    if (!trimmed.equals("true") && !trimmed.equals("false")) {
                        throw new IllegalStateException(template + " is '" + text + "', not true or false, as !boolean asks");
                    }
                    yield Boolean.parseBoolean(trimmed);
                }
            };
        }
    }

    /** An HTML form's fields, sent as application/x-www-form-urlencoded. */
    record Form(Map<String, Template> fields) implements Body {
        public Form {
            fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }

        public String contentType() {
            return "application/x-www-form-urlencoded";
        }

        public String render(Function<Template, String> fill) {
            StringBuilder out = new StringBuilder();
            fields.forEach((name, value) -> {
                if (!out.isEmpty()) out.append('&');
                out.append(encode(name)).append('=').append(encode(fill.apply(value)));
            });
            return out.toString();
        }

        private static String encode(String text) {
            return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** Text as written, with the content type the headers give (text/plain unless they say otherwise). */
    record Text(Template text, String contentType) implements Body {
        public String render(Function<Template, String> fill) {
            return fill.apply(text);
        }
    }
}
