package lab.vthreads.reactive.support;

import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The whole reactive service on a real port, against real PostgreSQL and the real WireMock CEP API, with BlockHound
 * watching its event loops: a test fails if anything blocked one while it ran.
 */
@Target(ElementType.TYPE)
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(NothingBlocksAnEventLoop.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(RealInfrastructureProperties.class)
public @interface ReactiveServiceTest {
}
