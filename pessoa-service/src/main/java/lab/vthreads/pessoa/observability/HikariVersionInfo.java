package lab.vthreads.pessoa.observability;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HikariCP the service really loaded, in {@code /actuator/info}: the lab can swap the pool's version at launch
 * (HikariCP 7.1.0 stopped spinning virtual threads on {@code Thread.yield()}), and a result must say which one ran.
 */
@Component
class HikariVersionInfo implements InfoContributor {

    private static final Pattern JAR_VERSION = Pattern.compile("HikariCP-([0-9][0-9A-Za-z.\\-]*)\\.jar");

    @Override
    public void contribute(Info.Builder builder) {
        var source = HikariDataSource.class.getProtectionDomain().getCodeSource();
        String location = source != null ? source.getLocation().toString() : "unknown";
        // HikariCP's manifest has no Implementation-Version; its jar's name has the version.
        Matcher version = JAR_VERSION.matcher(location);
        builder.withDetail("hikariCp", Map.of("version", version.find() ? version.group(1) : "unknown", "location", location));
    }
}
