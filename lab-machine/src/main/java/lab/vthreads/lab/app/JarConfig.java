package lab.vthreads.lab.app;

import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * What a user's jar configures for itself, from its own {@code application.properties}, {@code .yml} or {@code .yaml}
 * and their profile variants ({@code application-postgres.properties}, a YAML document with
 * {@code spring.config.activate.on-profile}): read before it starts, so that the lab can say before a run what the
 * options it was given would replace or could not work with. What the application adds at run time (environment, a
 * config server) is not seen, and nothing here is refused on a guess: it only names what is certain.
 *
 * @param byProfile each profile's properties, flattened to Spring's dotted names; the default ones under ""
 */
public record JarConfig(Map<String, Map<String, String>> byProfile) {

    public static final JarConfig NONE = new JarConfig(Map.of());

    private static final String CLASSES = "BOOT-INF/classes/";
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    public JarConfig {
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        byProfile.forEach((profile, properties) -> copy.put(profile, Map.copyOf(properties)));
        byProfile = java.util.Collections.unmodifiableMap(copy);
    }

    /** The jar's own configuration files; none where it has none (or they cannot be read). */
    static JarConfig read(JarFile jar) {
        Map<String, Map<String, String>> byProfile = new LinkedHashMap<>();
        jar.stream().map(ZipEntry::getName).filter(name -> name.startsWith(CLASSES + "application") && !name.substring(CLASSES.length()).contains("/"))
                .sorted().forEach(name -> {
                    String file = name.substring(CLASSES.length());
                    String base = file.replaceFirst("\\.(properties|ya?ml)$", "");
                    if (base.equals(file) || !(base.equals("application") || base.startsWith("application-"))) return;
                    String profile = base.equals("application") ? "" : base.substring("application-".length());
                    try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
                        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                        for (Map<String, String> document : file.endsWith(".properties") ? properties(text) : yaml(text)) {
                            String activatedOn = document.remove("spring.config.activate.on-profile");
                            byProfile.computeIfAbsent(activatedOn != null ? activatedOn.trim() : profile, p -> new LinkedHashMap<>()).putAll(document);
                        }
                    } catch (IOException | RuntimeException unreadable) {
                        // A file the lab cannot read says nothing to it; the application will say what it thinks at start.
                    }
                });
        return new JarConfig(byProfile);
    }

    /** The profiles its own default configuration activates ({@code spring.profiles.active}); none where it names none. */
    public List<String> defaultProfiles() {
        return list(byProfile.getOrDefault("", Map.of()).get("spring.profiles.active"));
    }

    /** The properties in force with these profiles active: the defaults, then each profile's, later ones winning. */
    public Map<String, String> with(List<String> profiles) {
        Map<String, String> merged = new LinkedHashMap<>(byProfile.getOrDefault("", Map.of()));
        profiles.forEach(p -> merged.putAll(byProfile.getOrDefault(p, Map.of())));
        return merged;
    }

    /** The profiles whose own properties say this, for a message that names where to look. */
    public List<String> profilesWhere(java.util.function.Predicate<Map<String, String>> says) {
        return byProfile.entrySet().stream().filter(e -> !e.getKey().isEmpty() && says.test(e.getValue())).map(Map.Entry::getKey).toList();
    }

    static List<String> list(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) return List.of();
        return Arrays.stream(commaSeparated.split(",")).map(String::trim).filter(p -> !p.isEmpty()).toList();
    }

    /** A properties file's documents: Spring splits one on lines "#---" or "!---". */
    private static List<Map<String, String>> properties(String text) throws IOException {
        List<Map<String, String>> documents = new ArrayList<>();
        for (String document : text.split("(?m)^[#!]---\\s*$")) {
            Properties p = new Properties();
            p.load(new StringReader(document));
            Map<String, String> map = new LinkedHashMap<>();
            p.stringPropertyNames().forEach(k -> map.put(k, p.getProperty(k)));
            documents.add(map);
        }
        return documents;
    }

    private static List<Map<String, String>> yaml(String text) {
        List<Map<String, String>> documents = new ArrayList<>();
        for (JsonNode document : YAML.readerFor(JsonNode.class).<JsonNode>readValues(text).readAll()) {
            Map<String, String> map = new LinkedHashMap<>();
            flatten("", document, map);
            documents.add(map);
        }
        return documents;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), out);
        } else if (node.isArray()) {
            List<String> items = new ArrayList<>();
            boolean scalars = true;
            for (int i = 0; i < node.size(); i++) {
                if (node.get(i).isValueNode()) items.add(node.get(i).asString());
                else scalars = false;
                flatten(prefix + "[" + i + "]", node.get(i), out);
            }
            // Spring also binds a list of scalars from one comma-separated value: the form the lab reads back.
            if (scalars) out.put(prefix, String.join(",", items));
        } else if (!node.isNull()) {
            out.put(prefix, node.asString());
        }
    }
}
