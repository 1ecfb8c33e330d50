package lab.vthreads.lab.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Ports no other process holds now, so that a test's stack never collides with a running lab or another test. */
public final class FreePorts {

    private FreePorts() {
    }

    public static StackSettings.StackPorts stack() {
        return new StackSettings.StackPorts(one(), one(), one(), one(), one(), one());
    }

    public static int one() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
