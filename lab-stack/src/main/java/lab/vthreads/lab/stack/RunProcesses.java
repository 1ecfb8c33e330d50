package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.ManagedProcess;
import lab.vthreads.lab.stack.StackSettings.Component;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The processes one run reads, by what each one is: the stack's components the lab started and, while the run's load
 * is on, its load generator. Empty for a stack the lab did not start: nothing of it can be read.
 *
 * <p>A fault's restart replaces a component's process while the sampler reads them: {@link #replace} and every read
 * hold the same lock.
 */
public final class RunProcesses {

    /** The load generator's name among the processes (its samples' keys, its side of a partitioned machine). */
    public static final String LOAD_GENERATOR = "gatling";

    /** What measures the services: their own CPU per request, their thread dumps, their pinning. */
    private static final List<Component> SERVICES = List.of(Component.PESSOA, Component.GATEWAY, Component.APP);

    public static final RunProcesses NONE = new RunProcesses(Map.of(), null);

    private final Map<Component, ManagedProcess> components;
    private final ManagedProcess loadGenerator;

    private RunProcesses(Map<Component, ManagedProcess> components, ManagedProcess loadGenerator) {
        EnumMap<Component, ManagedProcess> copy = new EnumMap<>(Component.class);
        copy.putAll(components);
        this.components = copy;
        this.loadGenerator = loadGenerator;
    }

    /** A started stack's processes ({@link RunningStack#processes()}), without a load generator yet. */
    public static RunProcesses of(Map<Component, ManagedProcess> started) {
        return new RunProcesses(started, null);
    }

    /** These, with the run's load generator beside them. */
    public synchronized RunProcesses withLoadGenerator(ManagedProcess gatling) {
        return new RunProcesses(components, gatling);
    }

    /** A component restarted in the run: its new process is read from here on. */
    public synchronized void replace(Component component, ManagedProcess process) {
        components.put(component, process);
    }

    /** The services among them (pessoa-service, gateway-service or a user's application), by name. */
    public synchronized Map<String, ManagedProcess> services() {
        Map<String, ManagedProcess> services = new LinkedHashMap<>();
        SERVICES.forEach(c -> {
            ManagedProcess p = components.get(c);
            if (p != null) services.put(c.label(), p);
        });
        return services;
    }

    /** The services' PIDs, by name: what their thread dumps and JFR recordings are read from. */
    public Map<String, Long> servicePids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        services().forEach((name, process) -> pids.put(name, process.pid()));
        return pids;
    }

    /** Every process, by its name in the samples: the components' labels, then {@link #LOAD_GENERATOR}. */
    public synchronized Map<String, ManagedProcess> byName() {
        Map<String, ManagedProcess> named = new LinkedHashMap<>();
        components.forEach((c, p) -> named.put(c.label(), p));
        if (loadGenerator != null) named.put(LOAD_GENERATOR, loadGenerator);
        return Collections.unmodifiableMap(named);
    }

    public synchronized boolean isEmpty() {
        return components.isEmpty() && loadGenerator == null;
    }
}
