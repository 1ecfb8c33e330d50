package lab.vthreads.lab.experiment;

import lab.vthreads.lab.measured.TargetDescription;

import lab.vthreads.lab.plan.Cell;
import lab.vthreads.lab.stack.Endpoints;
import lab.vthreads.lab.stack.Factor;
import lab.vthreads.lab.stack.StartedElsewhere;
import lab.vthreads.lab.stack.ThreadMode;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stack the lab does not start (./lab run --target FILE): for each thread mode, the endpoints of a stack already
 * running in that mode, for example two ./lab up on different ports, or the two namespaces of k8s/. The file:
 * <pre>
 * platform:
 *   gateway: http://127.0.0.1:18080
 *   pessoaManagement: http://127.0.0.1:19081
 *   gatewayManagement: http://127.0.0.1:19080
 *   jdbcUrl: jdbc:postgresql://127.0.0.1:15432/pessoas   # optional, with jdbcUser and jdbcPassword
 *   cepAdmin: http://127.0.0.1:18089                      # optional
 * virtual:
 *   ...
 * </pre>
 */
public record ExternalTarget(Endpoints platform, Endpoints virtual) {

    public static ExternalTarget read(Path file) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("No target file " + file);
        YAMLMapper yaml = YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
        try {
            return yaml.readValue(file.toFile(), ExternalTarget.class);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Target file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The stack that answers in the mode; a cell in a mode the file does not describe cannot run. */
    public StartedElsewhere of(ThreadMode mode) {
        Endpoints endpoints = switch (mode) {
            case PLATFORM -> platform;
            case VIRTUAL -> virtual;
            default -> null;
        };
        if (endpoints == null) throw new IllegalArgumentException("The target file describes no " + mode.label() + " stack (platform and virtual are the two it can)");
        return new StartedElsewhere(endpoints);
    }

    /** What the cells ask for that does not reach a stack the lab did not start (the thread mode, users, CEP latency and client do), as {@code key=value}. */
    List<String> unapplied(List<Cell> cells) {
        java.util.Set<String> unapplied = new java.util.LinkedHashSet<>();
        for (Cell cell : cells) {
            for (Factor factor : of(cell.mode()).lacking(cell.factors())) unapplied.add(factor.key() + "=" + factor.asked(cell.factors()));
        }
        return List.copyOf(unapplied);
    }

    TargetDescription describe(Path file, List<String> unapplied) {
        Map<String, Endpoints> endpoints = new LinkedHashMap<>();
        if (platform != null) endpoints.put("platform", withoutPassword(platform));
        if (virtual != null) endpoints.put("virtual", withoutPassword(virtual));
        List<String> unavailable = new ArrayList<>(List.of(
                "the calibration and the capacity model (they need a stack the lab starts)",
                "CPU and memory of the services, PostgreSQL and the CEP mock (no /proc for processes the lab does not own)",
                "the CPU partition (the lab placed only itself and Gatling)"));
        if (endpoints.values().stream().anyMatch(e -> e.jdbcUrl() == null)) {
            unavailable.add("an empty database before each run where no jdbcUrl is given: the nothing-lost check compares the count's growth with the 201s");
        }
        if (endpoints.values().stream().anyMatch(e -> e.cepAdmin() == null)) {
            unavailable.add("the cells' CEP latency where no cepAdmin is given: the mock's own applied");
        }
        return new TargetDescription(file.toString(), endpoints, unavailable, unapplied);
    }

    private static Endpoints withoutPassword(Endpoints e) {
        return new Endpoints(e.gateway(), e.pessoaManagement(), e.gatewayManagement(), e.jdbcUrl(), e.jdbcUser(), null, e.cepAdmin(), e.sampleNames());
    }
}
