package lab.vthreads.lab.plan;

import lab.vthreads.lab.stack.ThreadMode;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StackPlanTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    private static List<List<String>> plan(Preset preset, int repeat, boolean reuse) {
        return StackPlan.of(preset.cells(), repeat, reuse).stream().map(StackPlan.Group::order).toList();
    }

    @Test
    void theDefaultPresetMeasuresEachModeOnOnePairOfJvmsMostUsersFirstAndItsAaCopyLast() {
        Preset preset = Preset.resolve(HOME, "default");

        assertThat(plan(preset, 1, true)).containsExactly(
                List.of("platform-120u", "platform-20u"),
                List.of("virtual-120u", "virtual-20u", "virtual-120u-aa"));
    }

    @Test
    void theModesAlternateAcrossRepeatsSoThatDriftFavoursNeither() {
        Preset preset = Preset.resolve(HOME, "default");

        assertThat(plan(preset, 2, true)).containsExactly(
                List.of("virtual-120u", "virtual-20u", "virtual-120u-aa"),
                List.of("platform-120u", "platform-20u"));
        assertThat(plan(preset, 3, true)).isEqualTo(plan(preset, 1, true));
    }

    @Test
    void cellsWithOtherFactorsGetJvmsOfTheirOwn() {
        // The pool preset's variants change the pool and where the lookups happen: each needs services started with them.
        Preset pool = Preset.resolve(HOME, "pool");
        List<StackPlan.Group> groups = StackPlan.of(pool.cells(), 1, true);

        for (StackPlan.Group group : groups) {
            assertThat(group.cells()).extracting(Cell::factors).containsOnly(group.first().factors());
            assertThat(group.cells()).extracting(Cell::mode).containsOnly(group.first().mode());
            assertThat(group.cells()).extracting(Cell::variant).containsOnly(group.first().variant());
        }
        assertThat(groups).flatExtracting(StackPlan.Group::cells).containsExactlyInAnyOrderElementsOf(pool.cells());
    }

    @Test
    void withoutSharingEveryCellStartsItsOwnJvmsInThePresetsOrder() {
        Preset preset = Preset.resolve(HOME, "faults");

        assertThat(plan(preset, 2, false)).containsExactlyElementsOf(preset.cells().stream().map(c -> List.of(c.id())).toList());
    }

    @Test
    void theFirstCellOfAGroupHasTheMostUsersAndStartsTheServices() {
        Preset preset = Preset.resolve(HOME, "paper");

        for (StackPlan.Group group : StackPlan.of(preset.cells(), 1, true)) {
            assertThat(group.first().users()).isEqualTo(1000);
            assertThat(group.cells()).extracting(Cell::users).containsExactly(1000, 500, 100);
        }
        assertThat(StackPlan.of(preset.cells(), 1, true)).extracting(g -> g.first().mode()).containsExactly(ThreadMode.PLATFORM, ThreadMode.VIRTUAL);
    }
}
