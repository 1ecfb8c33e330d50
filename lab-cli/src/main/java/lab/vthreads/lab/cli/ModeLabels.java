package lab.vthreads.lab.cli;

import lab.vthreads.lab.stack.ThreadMode;

import java.util.Arrays;
import java.util.Iterator;

/** The modes as the options take them, for their help's {@code ${COMPLETION-CANDIDATES}}: each mode named once, by the enum. */
final class ModeLabels implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(ThreadMode.values()).map(ThreadMode::label).iterator();
    }
}
