package lab.vthreads.scenario;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class ScenarioUsersTest {

    private static Scenario scenario(Scenario.Pick pick, Payload.Order order) {
        Payload payload = new Payload(Path.of("p.csv"), order, List.of("n"), List.of(Map.of("n", "a"), Map.of("n", "b"), Map.of("n", "c")));
        Step.Request get = new Step.Request("GET /", "GET", Template.parse("/"), Map.of(), new Body.None(), Set.of(200), List.of(), 1);
        return new Scenario(Path.of("s.yaml"), List.of(payload), pick, List.of(new Flow("x", 3, List.of(get)), new Flow("y", 1, List.of(get))));
    }

    @Test
    void sequenceRowsGoInOrderAndWrapAroundInEachShard() {
        ScenarioUsers first = new ScenarioUsers(scenario(Scenario.Pick.RANDOM, Payload.Order.SEQUENCE), 0, 2, 0);
        ScenarioUsers second = new ScenarioUsers(scenario(Scenario.Pick.RANDOM, Payload.Order.SEQUENCE), 1, 2, 0);
        assertThat(IntStream.range(0, 4).mapToObj(i -> first.next().get("n"))).containsExactly("a", "c", "b", "a");
        assertThat(IntStream.range(0, 3).mapToObj(i -> second.next().get("n"))).containsExactly("b", "a", "c");
    }

    @Test
    void inTurnGivesEachFlowItsWeightInARow() {
        ScenarioUsers users = new ScenarioUsers(scenario(Scenario.Pick.IN_TURN, Payload.Order.RANDOM), 0, 1, 0);
        assertThat(IntStream.range(0, 8).mapToObj(i -> users.next().get(ScenarioUsers.FLOW))).containsExactly(0, 0, 0, 1, 0, 0, 0, 1);
    }

    @Test
    void randomPickFollowsTheWeights() {
        ScenarioUsers users = new ScenarioUsers(scenario(Scenario.Pick.RANDOM, Payload.Order.RANDOM), 0, 1, 0);
        long firsts = IntStream.range(0, 20_000).filter(i -> users.next().get(ScenarioUsers.FLOW).equals(0)).count();
        // 3 of 4 by weight; 20,000 draws put the share within ±0.02 of it but about once in 10^20.
        assertThat(firsts / 20_000.0).isBetween(0.73, 0.77);
    }

    @Test
    void uniqueValuesDifferAcrossUsersAndShards() {
        Set<Object> seen = new HashSet<>();
        for (int shard = 0; shard < 3; shard++) {
            ScenarioUsers users = new ScenarioUsers(scenario(Scenario.Pick.RANDOM, Payload.Order.RANDOM), shard, 3, 1_000);
            for (int i = 0; i < 100; i++) {
                Map<String, Object> user = users.next();
                assertThat(seen.add(user.get("$unique"))).isTrue();
                assertThat(seen.add(user.get("$uuid"))).isTrue();
                // The same number in letters only, for a field that takes nothing else: as unique as the number.
                assertThat((String) user.get("$uniqueLetters")).matches("[a-z]+");
                assertThat(seen.add(user.get("$uniqueLetters"))).isTrue();
                // And in 16 hex digits, for a 64-bit id written in hex (a trace or span id): the same number.
                assertThat((String) user.get("$uniqueHex")).matches("[0-9a-f]{16}");
                assertThat(Long.parseUnsignedLong((String) user.get("$uniqueHex"), 16)).isEqualTo(Long.parseLong((String) user.get("$unique")));
            }
        }
    }

    @Test
    void aUniqueNumberInLettersIsItsDigitsInBase26() {
        assertThat(Template.letters(0)).isEqualTo("a");
        assertThat(Template.letters(25)).isEqualTo("z");
        assertThat(Template.letters(26)).isEqualTo("ba");
        assertThat(Template.letters(1_764_800_000_123L)).matches("[a-z]+").isNotEqualTo(Template.letters(1_764_800_000_124L));
    }
}
