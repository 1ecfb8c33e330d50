package lab.vthreads.lab.report;

import lab.vthreads.lab.plan.Published;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's memory rows: each service's heap and resident set per mode, and a study's memory beside the one it means. */
class FootprintTableTest {

    private final Summary summary = Summary.of(Fixtures.experiment());

    @Test
    void givesEachServicesHeapAndResidentSetPerMode() {
        ReportTables.Table table = ReportTables.footprint(summary, new TestedSystem.LabsOwn(), null);

        assertThat(table.header()).contains("peak heap MB (pessoa-service)", "peak RSS MB (pessoa-service)", "peak heap MB (gateway-service)",
                "peak RSS MB (gateway-service)", "peak virtual threads (pessoa-service)");
        List<String> platform = table.rows().getFirst();
        assertThat(platform.getFirst()).isEqualTo("platform");
        // the fixture: pessoa-service's heap peaks at 350 MB, its RSS at 400; gateway-service's 120 and 300
        assertThat(platform.get(table.header().indexOf("peak heap MB (pessoa-service)"))).isEqualTo("350");
        assertThat(platform.get(table.header().indexOf("peak RSS MB (pessoa-service)"))).isEqualTo("400");
        assertThat(platform.get(table.header().indexOf("peak heap MB (gateway-service)"))).isEqualTo("120");
        assertThat(platform.get(table.header().indexOf("peak RSS MB (gateway-service)"))).isEqualTo("300");
    }

    @Test
    void setsTheStudysMemoryBesideTheFigureItIsReadAs() {
        Published rss = new Published("A study.", List.of(), new Published.Footprint(null, null, 0.72, 0.84, 2200.0, 1400.0,
                "rss", "a process monitor's figure"), null);
        Published heap = new Published("A study.", List.of(), new Published.Footprint(412.0, 15.0, 0.30, 0.68, 175.0, 380.0, null, null), null);

        ReportTables.Table besideRss = ReportTables.footprint(summary, new TestedSystem.LabsOwn(), rss);
        ReportTables.Table besideHeap = ReportTables.footprint(summary, new TestedSystem.LabsOwn(), heap);

        int memory = besideRss.header().indexOf("published memory MB (beside RSS)");
        assertThat(memory).isPositive();
        assertThat(besideRss.rows().get(0).get(memory)).isEqualTo("2,200");
        assertThat(besideRss.rows().get(1).get(memory)).isEqualTo("1,400");
        assertThat(besideRss.rows().get(0).get(besideRss.header().indexOf("published CPU"))).isEqualTo("72%");
        assertThat(besideRss.note()).contains("beside the RSS: a process monitor's figure");
        assertThat(besideHeap.header()).contains("published memory MB (beside heap)");
        assertThat(besideHeap.note()).doesNotContain("stands beside");
        // a figure the lab does not measure is refused, not silently read as the heap
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> new Published.Footprint(null, null, null, null, 1.0, 1.0, "RSS", null)).withMessageContaining("heap or rss");
    }
}
