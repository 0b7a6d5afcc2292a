package org.lexsync.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.ClusterSettings;
import org.lexsync.engine.model.ConfigException;

/** The {@code cluster:} section of lexsync.yaml (issue 32, failover; docs/deploying.md). */
class ClusterSectionTest {
    private static final ConfigReader READER = new ConfigReader(Set.of("atom"));

    private static ClusterSettings cluster(String yaml) {
        return READER.read(new StringReader(yaml), Path.of("lexsync.yaml")).server().cluster();
    }

    @Test
    void theDefaultsTakeADeadNodesSourcesOverWithinAMinute() {
        ClusterSettings d = cluster("sources: []\n");
        assertThat(d).isEqualTo(ClusterSettings.DEFAULTS);
        assertThat(d.deadAfter()).isEqualTo(Duration.ofSeconds(8));
        assertThat(d.worstTakeover()).isEqualTo(Duration.ofSeconds(38)).isLessThanOrEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void readsEveryClusterKeyBesideAServerSection() {
        ClusterSettings c = READER.read(new StringReader("""
                server:
                  port: 9090
                cluster:
                  heartbeat: 5s
                  missed-heartbeats: 4
                  lease: PT40S
                  address: http://node2.internal:8080/
                """), Path.of("lexsync.yaml")).server().cluster();
        assertThat(c).isEqualTo(new ClusterSettings(Duration.ofSeconds(5), 4, Duration.ofSeconds(40),
                "http://node2.internal:8080/"));
        assertThat(c.worstTakeover()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void badValuesNameTheKeyAndLine() {
        assertThatThrownBy(() -> cluster("cluster:\n  heartbeat: often\n")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:2").hasMessageContaining("cluster.heartbeat")
                .hasMessageContaining("'often'");
        assertThatThrownBy(() -> cluster("cluster:\n  missed-heartbeats: 3\n")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("cluster.missed-heartbeats");
        assertThatThrownBy(() -> cluster("cluster:\n  heartbeat: 0s\n")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("cluster").hasMessageContaining("at least 100 ms");
        assertThatThrownBy(() -> cluster("cluster:\n  beat: 2s\n")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("cluster.beat").hasMessageContaining("unknown key");
    }
}
