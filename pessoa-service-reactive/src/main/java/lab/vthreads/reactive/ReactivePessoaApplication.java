package lab.vthreads.reactive;

import lab.vthreads.contract.web.JsonStrictness;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;

@SpringBootApplication
@ConfigurationPropertiesScan
@Import(JsonStrictness.class)
public class ReactivePessoaApplication {

    public static void main(String[] args) {
        SpringApplication.run(ReactivePessoaApplication.class, args);
    }
}
