package lab.vthreads.lab.cli;

import lab.vthreads.lab.stack.StackSettings.Component;
import lab.vthreads.lab.stack.Supervisor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * How {@code ./lab ps|stop|start|restart|kill|down} reach a running {@code ./lab up}: a Unix domain socket in the
 * repository's runs/ folder (only this machine's users can reach it, through the file's permissions), one command
 * per connection, one line each way; the answer ends with {@code OK} or {@code ERROR <why>}.
 */
final class LabControl implements AutoCloseable {

    interface Handler {
        /** Runs one command, writes what it has to say, and returns false when the lab should go down. */
        boolean handle(List<String> words, PrintWriter answer) throws Exception;
    }

    private final Path socket;
    private final ServerSocketChannel server;
    private final Thread acceptor;

    private LabControl(Path socket, ServerSocketChannel server, Handler handler, Runnable down) {
        this.socket = socket;
        this.server = server;
        this.acceptor = Thread.ofPlatform().daemon().name("lab-control").start(() -> serve(handler, down));
    }

    /** Where the running lab of this repository listens. */
    static Path socketOf(Path home) {
        Path inRuns = home.resolve("runs").resolve("lab.sock");
        // A Unix socket path must fit in ~100 bytes; a deep checkout gets one in the temporary directory instead.
        return inRuns.toString().length() < 100 ? inRuns
                : Path.of(System.getProperty("java.io.tmpdir"), "vthreads-lab-" + Integer.toHexString(home.toString().hashCode()) + ".sock");
    }

    static LabControl listen(Path home, Handler handler, Runnable down) throws IOException {
        Path socket = socketOf(home);
        Files.createDirectories(socket.getParent());
        if (Files.exists(socket)) {
            if (answers(socket)) {
                throw new IOException("Another ./lab up of this repository is running (it answers on " + socket + "): stop it with ./lab down");
            }
            Files.delete(socket);  // left by a lab that was killed
        }
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        return new LabControl(socket, server, handler, down);
    }

    private void serve(Handler handler, Runnable down) {
        while (server.isOpen()) {
            try (SocketChannel client = server.accept();
                 BufferedReader in = new BufferedReader(reader(client));
                 PrintWriter out = new PrintWriter(writer(client), true)) {
                String line = in.readLine();
                boolean keepRunning = true;
                try {
                    keepRunning = handler.handle(line == null ? List.of() : List.of(line.trim().split("\\s+")), out);
                    out.println("OK");
                } catch (Exception e) {
                    out.println("ERROR " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
                }
                out.flush();
                if (!keepRunning) {
                    Thread.ofPlatform().name("lab-down").start(down);
                }
            } catch (IOException e) {
                if (!server.isOpen()) return;
            }
        }
    }

    /** Sends one command to the running lab, copies its answer to {@code out}, and returns 0 if it succeeded. */
    static int send(Path home, String command, PrintWriter out) {
        Path socket = socketOf(home);
        if (!Files.exists(socket)) {
            out.println("No ./lab up is running for " + home + " (no " + socket + ")");
            out.flush();
            return 1;
        }
        try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
             PrintWriter request = new PrintWriter(writer(channel), true);
             BufferedReader answer = new BufferedReader(reader(channel))) {
            request.println(command);
            int status = 1;
            for (String line; (line = answer.readLine()) != null; ) {
                if (line.equals("OK")) {
                    status = 0;
                } else if (line.startsWith("ERROR ")) {
                    out.println("lab: " + line.substring("ERROR ".length()));
                } else {
                    out.println(line);
                }
            }
            out.flush();
            return status;
        } catch (IOException e) {
            out.println("The lab at " + socket + " does not answer (" + e.getMessage() + "): is ./lab up still running?");
            out.flush();
            return 1;
        }
    }

    private static boolean answers(Path socket) {
        try (SocketChannel ignored = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static void printStatus(List<Supervisor.Status> statuses, PrintWriter out) {
        String format = "%-16s %-9s %8s %5s %9s  %-8s  %s%n";
        out.printf(format, "COMPONENT", "STATE", "PID", "EXIT", "RESTARTS", "JDK", "ADDRESS");
        for (Supervisor.Status s : statuses) {
            out.printf(format, s.component().label(), s.state().name().toLowerCase(Locale.ROOT), s.pid() < 0 ? "-" : Long.toString(s.pid()),
                    s.exitCode() != null ? s.exitCode().toString() : "-", s.restarts(), s.jdk(), s.address());
        }
    }

    static Component component(String name) {
        return Component.of(name);
    }

    private static Reader reader(SocketChannel channel) {
        return new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8);
    }

    private static Writer writer(SocketChannel channel) {
        return new OutputStreamWriter(Channels.newOutputStream(channel), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        try {
            server.close();
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // the socket file is cleared on the next start
        }
        acceptor.interrupt();
    }
}
