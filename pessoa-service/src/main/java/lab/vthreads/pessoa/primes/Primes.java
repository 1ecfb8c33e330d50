package lab.vthreads.pessoa.primes;

/** Trial division on purpose: the endpoint exists to burn a predictable amount of CPU, not to be clever. */
final class Primes {

    private Primes() {
    }

    static long countBetween(long from, long to) {
        long count = 0;
        for (long n = from; n <= to; n++) {
            if (isPrime(n)) count++;
        }
        return count;
    }

    static boolean isPrime(long n) {
        if (n < 2) return false;
        if (n % 2 == 0) return n == 2;
        for (long d = 3; d * d <= n; d += 2) {
            if (n % d == 0) return false;
        }
        return true;
    }
}
