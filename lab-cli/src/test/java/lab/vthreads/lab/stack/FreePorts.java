package lab.vthreads.lab.stack;

import lab.vthreads.infra.testsupport.ListenPorts;

/** Ports no other process holds now and none will take as a source port, so a test's stack never collides with a running lab or another test. */
public final class FreePorts {

    private FreePorts() {
    }

    public static StackSettings.StackPorts stack() {
        return new StackSettings.StackPorts(one(), one(), one(), one(), one(), one());
    }

    public static int one() {
        return ListenPorts.next();
    }
}
