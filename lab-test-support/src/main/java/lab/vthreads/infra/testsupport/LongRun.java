package lab.vthreads.infra.testsupport;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test that runs whole experiments (several pairs of JVMs, prewarms, calibrations): minutes each. {@code ./mvnw verify}
 * leaves them out, says so, and names the profile that runs them ({@code ./mvnw verify -Plong-its}); CI runs both, so none is
 * dropped. The tag is the root pom's {@code it.longTag}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(LongRun.TAG)
public @interface LongRun {

    String TAG = "long-run";
}
