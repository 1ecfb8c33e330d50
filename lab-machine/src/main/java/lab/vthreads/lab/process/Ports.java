package lab.vthreads.lab.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

public final class Ports {

    private Ports() {
    }

    /** Fails with a message a person can act on when something already listens on the port of that address. */
    public static void requireFree(String bindAddress, int port, String owner, String option) {
        InetAddress address;
        try {
            address = InetAddress.getByName(bindAddress);
        } catch (IOException e) {
            throw new StartFailure("Cannot listen on '" + bindAddress + "': not an address of this machine (--bind)");
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(address, port));
        } catch (IOException e) {
            throw new StartFailure("Port " + port + " for " + owner + " is already in use. Stop whatever listens there "
                    + "(ss -ltnp 'sport = :" + port + "') or choose another port with " + option + ".");
        }
    }

    public static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
