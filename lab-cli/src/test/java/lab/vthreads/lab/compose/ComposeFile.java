package lab.vthreads.lab.compose;

import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** compose.yaml as plain maps and lists, the way the checks read it (YAML anchors and merge keys resolved). */
public final class ComposeFile {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    private ComposeFile() {
    }

    static Map<String, Object> load() {
        return loadYaml(HOME.resolve("compose.yaml"));
    }

    static Map<String, Object> loadYaml(Path file) {
        try (Reader reader = Files.newBufferedReader(file)) {
            return new Yaml().load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> services() {
        return (Map<String, Map<String, Object>>) load().get("services");
    }

    /** The services of another compose file of the repository's root (an override such as compose.reactive.yaml). */
    @SuppressWarnings("unchecked")
    public static Map<String, Map<String, Object>> services(String file) {
        return (Map<String, Map<String, Object>>) loadYaml(HOME.resolve(file)).get("services");
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Map<String, Object> parent, String key) {
        Object value = parent.get(key);
        return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> parent, String key) {
        Object value = parent.get(key);
        return value instanceof List<?> l ? (List<Object>) l : List.of();
    }
}
