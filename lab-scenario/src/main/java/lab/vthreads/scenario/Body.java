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
