package lab.vthreads.scenario;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a scenario file and checks all of it before any JVM starts: every key is known, every placeholder names a
 * value the user will have, every payload file is there with its fields, and every URL is a path on the service
 * under load (an absolute URL could send the load elsewhere). Each error names the file, the line and the key.
 */
public final class ScenarioReader {

    static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");
    private static final Set<String> TOP = Set.of("config", "payload", "pick", "scenarios");
    private static final Set<String> CONFIG = Set.of("target");
    private static final Set<String> PAYLOAD = Set.of("path", "order");
    private static final Set<String> FLOW = Set.of("name", "weight", "flow");
    private static final Set<String> REQUEST = Set.of("url", "name", "headers", "json", "form", "body", "expect", "capture");
    private static final Set<String> CAPTURE_SOURCES = Set.of("json", "header");

    private final Path file;

    private ScenarioReader(Path file) {
        this.file = file;
    }

    /** @throws ScenarioException for anything the load generator could not run as written */
    public static Scenario read(Path file) {
        if (!Files.isRegularFile(file)) throw new ScenarioException(file, 0, null, "no such file");
        Node root;
        try (Reader reader = Files.newBufferedReader(file)) {
            root = new Yaml(new LoaderOptions()).compose(reader);
        } catch (MarkedYAMLException e) {
            throw new ScenarioException(file, e.getProblemMark() != null ? e.getProblemMark().getLine() + 1 : 0, null,
                    "not valid YAML: " + e.getProblem());
        } catch (IOException e) {
            throw new ScenarioException(file, 0, null, "cannot be read: " + e.getMessage());
        }
        if (root == null) throw new ScenarioException(file, 0, null, "is empty: it needs at least 'scenarios' with one flow");
        return new ScenarioReader(file).scenario(root);
    }

    private Scenario scenario(Node root) {
        Map<String, NodeTuple> top = mapping(root, "the file", TOP);
        List<Payload> payloads = new ArrayList<>();
        NodeTuple payload = top.get("payload");
        if (payload != null) {
            Node value = payload.getValueNode();
            List<Node> entries = value instanceof SequenceNode s ? s.getValue() : List.of(value);
            for (Node entry : entries) payloads.add(payload(entry));
        }
        Scenario.Pick pick = Scenario.Pick.RANDOM;
        NodeTuple pickNode = top.get("pick");
        if (pickNode != null) {
            String text = scalar(pickNode.getValueNode(), "pick");
            pick = switch (text) {
                case "random" -> Scenario.Pick.RANDOM;
                case "in-turn" -> Scenario.Pick.IN_TURN;
                default -> throw error(pickNode.getValueNode(), "pick", "'" + text + "': use random (by weight) or in-turn");
            };
        }
        NodeTuple scenarios = top.get("scenarios");
        if (scenarios == null) throw error(root, "scenarios", "missing: list at least one flow (scenarios: - flow: [...])");
        Set<String> fields = new LinkedHashSet<>();
        payloads.forEach(p -> fields.addAll(p.fields()));
        List<Flow> flows = new ArrayList<>();
        for (Node flow : sequence(scenarios.getValueNode(), "scenarios")) flows.add(flow(flow, flows.size() + 1, fields));
        if (flows.isEmpty()) throw error(scenarios.getValueNode(), "scenarios", "is empty: list at least one flow");
        return new Scenario(file, payloads, pick, flows, target(top.get("config")));
    }

    /** Artillery's {@code config.target}, as the path the application is served under: the lab supplies the host. */
    private String target(NodeTuple config) {
        if (config == null) return "";
        NodeTuple target = mapping(config.getValueNode(), "config", CONFIG).get("target");
        if (target == null) return "";
        String text = scalar(target.getValueNode(), "target");
        if (!text.startsWith("/") || text.contains("{{")) {
            throw error(target.getValueNode(), "target", "'" + text + "' must be the path your application is served under, such as /petclinic: "
                    + "the lab sends the load to the application it runs, on 127.0.0.1, and supplies the host itself");
        }
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    private Payload payload(Node node) {
        Map<String, NodeTuple> keys = mapping(node, "a payload", PAYLOAD);
        NodeTuple pathNode = required(keys, "path", node, "a payload needs the path of its CSV file");
        Path path = file.toAbsolutePath().getParent().resolve(scalar(pathNode.getValueNode(), "path"));
        Payload.Order order = Payload.Order.SEQUENCE;
        if (keys.containsKey("order")) {
            String text = scalar(keys.get("order").getValueNode(), "order");
            order = switch (text) {
                case "sequence" -> Payload.Order.SEQUENCE;
                case "random" -> Payload.Order.RANDOM;
                default -> throw error(keys.get("order").getValueNode(), "order", "'" + text + "': use sequence or random");
            };
        }
        try {
            return CsvRows.read(path, order);
        } catch (IllegalArgumentException e) {
            throw error(pathNode.getValueNode(), "path", e.getMessage());
        }
    }

    private Flow flow(Node node, int position, Set<String> fields) {
        Map<String, NodeTuple> keys = mapping(node, "a flow", FLOW);
        String name = keys.containsKey("name") ? scalar(keys.get("name").getValueNode(), "name") : "flow " + position;
        int weight = 1;
        if (keys.containsKey("weight")) {
            Node w = keys.get("weight").getValueNode();
            weight = integer(w, "weight");
            if (weight < 1) throw error(w, "weight", weight + ": a weight is 1 or more");
        }
        NodeTuple stepsNode = required(keys, "flow", node, "flow '" + name + "' has no 'flow' (its list of steps)");
        Set<String> known = new TreeSet<>(fields);
        known.addAll(Template.PER_USER);
        List<Step> steps = new ArrayList<>();
        for (Node step : sequence(stepsNode.getValueNode(), "flow")) steps.add(step(step, known));
        if (steps.stream().noneMatch(Step.Request.class::isInstance)) {
            throw error(stepsNode.getValueNode(), "flow", "flow '" + name + "' sends no request");
        }
        return new Flow(name, weight, steps);
    }

    private Step step(Node node, Set<String> known) {
        Set<String> allowed = new LinkedHashSet<>(METHODS);
        allowed.add("think");
        Map<String, NodeTuple> keys = mapping(node, "a step", allowed);
        if (keys.size() != 1) throw error(node, null, "a step is one of " + String.join(", ", allowed) + ", not " + String.join(" and ", keys.keySet()));
        Map.Entry<String, NodeTuple> only = keys.entrySet().iterator().next();
        Node value = only.getValue().getValueNode();
        if (only.getKey().equals("think")) {
            double seconds = number(value, "think");
            if (seconds < 0 || seconds > 3600) throw error(value, "think", seconds + " s: a pause is 0 to 3600 seconds");
            return new Step.Think(Duration.ofMillis(Math.round(seconds * 1000)));
        }
        return request(only.getKey(), only.getValue().getKeyNode(), value, known);
    }

    private Step.Request request(String method, Node keyNode, Node node, Set<String> known) {
        // "- get: /owners" is the short form of "- get: {url: /owners}".
        Map<String, NodeTuple> keys = node instanceof ScalarNode ? Map.of() : mapping(node, "a request", REQUEST);
        Node urlNode = node instanceof ScalarNode ? node : required(keys, "url", keyNode, "a request needs its url").getValueNode();
        Template url = template(urlNode, "url", known);
        // A URL may start with a captured value (a Location header); the load generator checks that value when it has it.
        if (!url.toString().startsWith("/") && !url.toString().startsWith("{{")) {
            throw error(urlNode, "url", "'" + url + "' must be a path starting with '/': the lab sends it to the service it runs, on 127.0.0.1");
        }
        String name = keys.containsKey("name") ? scalar(keys.get("name").getValueNode(), "name")
                : method.toUpperCase(Locale.ROOT) + " " + url.toString().replaceAll("\\?.*", "");
        Map<String, Template> headers = new LinkedHashMap<>();
        if (keys.containsKey("headers")) {
            for (NodeTuple header : ((MappingNode) requireMapping(keys.get("headers").getValueNode(), "headers")).getValue()) {
                headers.put(scalar(header.getKeyNode(), "headers"), template(header.getValueNode(), scalar(header.getKeyNode(), "headers"), known));
            }
        }
        Body body = body(keys, headers, known);
        Set<Integer> expect = keys.containsKey("expect") ? expect(keys.get("expect").getValueNode()) : twoHundreds();
        List<Step.Capture> captures = keys.containsKey("capture") ? captures(keys.get("capture").getValueNode()) : List.of();
        // A capture is known from the next step on: a request cannot use its own answer.
        captures.forEach(c -> known.add(c.as()));
        return new Step.Request(name, method.toUpperCase(Locale.ROOT), url, headers, body, expect, captures, keyNode.getStartMark().getLine() + 1);
    }

    private Body body(Map<String, NodeTuple> keys, Map<String, Template> headers, Set<String> known) {
        List<String> given = List.of("json", "form", "body").stream().filter(keys::containsKey).toList();
        if (given.size() > 1) throw error(keys.get(given.get(1)).getKeyNode(), given.get(1), "a request has one body: json, form or body, not " + String.join(" and ", given));
        if (given.isEmpty()) return new Body.None();
        Node value = keys.get(given.getFirst()).getValueNode();
        return switch (given.getFirst()) {
            case "json" -> new Body.Json(jsonTree(value, known));
            case "form" -> {
                Map<String, Template> fields = new LinkedHashMap<>();
                for (NodeTuple field : ((MappingNode) requireMapping(value, "form")).getValue()) {
                    String fieldName = scalar(field.getKeyNode(), "form");
                    fields.put(fieldName, template(field.getValueNode(), fieldName, known));
                }
                yield new Body.Form(fields);
            }
            default -> new Body.Text(template(value, "body", known), headers.entrySet().stream()
                    .filter(h -> h.getKey().equalsIgnoreCase("content-type")).map(h -> h.getValue().toString()).findFirst().orElse("text/plain"));
        };
    }

    private Object jsonTree(Node node, Set<String> known) {
        if (node instanceof MappingNode m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) out.put(scalar(t.getKeyNode(), "json"), jsonTree(t.getValueNode(), known));
            return out;
        }
        if (node instanceof SequenceNode s) {
            List<Object> out = new ArrayList<>();
            for (Node item : s.getValue()) out.add(jsonTree(item, known));
            return out;
        }
        ScalarNode scalar = (ScalarNode) node;
        Tag tag = scalar.getTag();
        if (tag.equals(Tag.NULL)) return null;
        if (tag.equals(Tag.BOOL)) return Boolean.parseBoolean(scalar.getValue());
        if (tag.equals(Tag.INT)) return Long.parseLong(scalar.getValue());
        if (tag.equals(Tag.FLOAT)) return Double.parseDouble(scalar.getValue());
        // A template's value sent as a JSON number or boolean, not a string: "id: !number '{{ ownerId }}'".
        for (Body.Typed.Kind kind : Body.Typed.Kind.values()) {
            if (tag.getValue().equals(kind.tag())) return new Body.Typed(template(node, "json", known), kind);
        }
        if (tag.getValue().startsWith("!")) {
            throw error(node, "json", "unknown tag " + tag.getValue() + ": use !number or !boolean to send a template's value as a JSON number or boolean");
        }
        return template(node, "json", known);
    }

    private Set<Integer> expect(Node node) {
        List<Node> items = node instanceof SequenceNode s ? s.getValue() : List.of(node);
        Set<Integer> statuses = new LinkedHashSet<>();
        for (Node item : items) {
            int status = integer(item, "expect");
            if (status < 100 || status > 599) throw error(item, "expect", status + " is not an HTTP status");
            statuses.add(status);
        }
        if (statuses.isEmpty()) throw error(node, "expect", "is empty: list the statuses that count as success");
        return statuses;
    }

    private static Set<Integer> twoHundreds() {
        Set<Integer> statuses = new LinkedHashSet<>();
        for (int s = 200; s <= 299; s++) statuses.add(s);
        return statuses;
    }

    private List<Step.Capture> captures(Node node) {
        List<Node> items = node instanceof SequenceNode s ? s.getValue() : List.of(node);
        List<Step.Capture> captures = new ArrayList<>();
        Set<String> allowed = new LinkedHashSet<>(CAPTURE_SOURCES);
        allowed.add("as");
        for (Node item : items) {
            Map<String, NodeTuple> keys = mapping(item, "a capture", allowed);
            List<String> sources = CAPTURE_SOURCES.stream().filter(keys::containsKey).sorted().toList();
            if (sources.size() != 1) throw error(item, "capture", "a capture takes one of json (a JSON path such as $.id) or header (a header's name)");
            String as = scalar(required(keys, "as", item, "a capture needs 'as', the name later steps use").getValueNode(), "as");
            if (!as.matches("[A-Za-z_][A-Za-z0-9_.-]*")) throw error(keys.get("as").getValueNode(), "as", "'" + as + "' is not a name");
            String source = sources.getFirst();
            captures.add(new Step.Capture(source.equals("json") ? Step.Capture.Source.JSON : Step.Capture.Source.HEADER,
                    scalar(keys.get(source).getValueNode(), source), as));
        }
        return captures;
    }

    private Template template(Node node, String key, Set<String> known) {
        String text = scalar(node, key);
        Template template;
        try {
            template = Template.parse(text);
        } catch (IllegalArgumentException e) {
            throw error(node, key, e.getMessage());
        }
        for (String name : template.names()) {
            if (!known.contains(name)) {
                throw error(node, key, "{{ " + name + " }} is not a payload field, a value captured by an earlier step or one of " + String.join(", ", Template.PER_USER_NAMES)
                        + " (known here: " + String.join(", ", known) + ")");
            }
        }
        return template;
    }

    // ---- YAML nodes, each error with its line ----

    private Map<String, NodeTuple> mapping(Node node, String what, Set<String> allowed) {
        MappingNode m = (MappingNode) requireMapping(node, what);
        Map<String, NodeTuple> keys = new LinkedHashMap<>();
        for (NodeTuple tuple : m.getValue()) {
            String key = scalar(tuple.getKeyNode(), what);
            if (!allowed.contains(key)) {
                throw error(tuple.getKeyNode(), key, "unknown key in " + what + "; expected one of " + String.join(", ", new TreeSet<>(allowed)));
            }
            if (keys.put(key, tuple) != null) throw error(tuple.getKeyNode(), key, "given twice");
        }
        return keys;
    }

    private Node requireMapping(Node node, String what) {
        if (!(node instanceof MappingNode)) throw error(node, null, what + " must be a mapping (key: value lines)");
        return node;
    }

    private List<Node> sequence(Node node, String key) {
        if (!(node instanceof SequenceNode s)) throw error(node, key, "must be a list (lines starting with '- ')");
        return s.getValue();
    }

    private NodeTuple required(Map<String, NodeTuple> keys, String key, Node where, String message) {
        NodeTuple tuple = keys.get(key);
        if (tuple == null) throw error(where, key, "missing: " + message);
        return tuple;
    }

    private String scalar(Node node, String key) {
        if (!(node instanceof ScalarNode s)) throw error(node, key, "must be a single value, not a list or a mapping");
        return s.getValue();
    }

    private int integer(Node node, String key) {
        String text = scalar(node, key);
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw error(node, key, "'" + text + "' is not a whole number");
        }
    }

    private double number(Node node, String key) {
        String text = scalar(node, key);
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw error(node, key, "'" + text + "' is not a number of seconds");
        }
    }

    private ScenarioException error(Node node, String key, String message) {
        return new ScenarioException(file, node != null ? node.getStartMark().getLine() + 1 : 0, key, message);
    }
}
