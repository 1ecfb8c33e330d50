package lab.vthreads.lab.pinning;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Each service's pinning over one measured window: its recording dumped with jcmd, then read over the window's time. */
public final class PinningWindow {

    private PinningWindow() {
    }

    /**
     * @param pids  the services' processes, by name
     * @param jcmd  the services' JDK's jcmd (or another JDK's: jcmd speaks to any HotSpot JVM of the same user)
     * @param dir   where the recordings go, one {@code <service>.jfr} each
     */
    public static Map<String, ServicePinning> read(Map<String, Long> pids, Path jcmd, Path dir, Instant from, Instant to) {
        Map<String, ServicePinning> pinning = new LinkedHashMap<>();
        for (Map.Entry<String, Long> service : pids.entrySet()) {
            Path file = dir.resolve(service.getKey() + ".jfr");
            try {
                PinningDump.dump(jcmd, service.getValue(), file);
                pinning.put(service.getKey(), PinningReader.read(file, from, to));
            } catch (IOException e) {
                pinning.put(service.getKey(), ServicePinning.notRead(e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                pinning.put(service.getKey(), ServicePinning.notRead("interrupted"));
                break;
            }
        }
        return pinning;
    }
}
