package lab.vthreads.pessoa.primes;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PrimesTest {

    @Test
    void countsByTrialDivision() {
        // 25 primes up to 100; 1,229 up to 10,000; 7919 is the 1,000th prime, 7907 the 999th.
        assertThat(Primes.countBetween(1, 100)).isEqualTo(25);
        assertThat(Primes.countBetween(1, 10_000)).isEqualTo(1229);
        assertThat(Primes.countBetween(7907, 7919)).isEqualTo(2);
    }

    @Test
    void knowsTheSmallCases() {
        assertThat(Primes.isPrime(1)).isFalse();
        assertThat(Primes.isPrime(2)).isTrue();
        assertThat(Primes.isPrime(9)).isFalse();
        assertThat(Primes.isPrime(1_000_003)).isTrue();
    }
}
