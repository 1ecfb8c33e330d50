package lab.vthreads.lab.stack;

import lab.vthreads.lab.process.ManagedProcess;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The real processes a test starts, each logging to a file of its own, stopped by their PIDs after each test. */
final class StartedProcesses implements AfterEachCallback {

    private final List<ManagedProcess> started = new ArrayList<>();

    ManagedProcess start(String name, List<String> command, Path log) {
        ManagedProcess process = ManagedProcess.start(name, command, Map.of(), log);
        started.add(process);
        return process;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        started.forEach(ManagedProcess::stop);
        started.clear();
    }
}
