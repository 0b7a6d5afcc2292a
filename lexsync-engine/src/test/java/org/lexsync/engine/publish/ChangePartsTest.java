package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * ResourceSync §12: the daily Change List parts, cut by one pass kept per scope and continued as the journal grows.
 * The journal's collection times are set on a real SQLite file to span days, with a clock set back in the middle.
 */
class ChangePartsTest {
    private static final int SIZE = 3;

    @TempDir
    Path dir;

    @Test
    void partsContinuedAsTheJournalGrowsAreThePartsOfOnePassOverItAll() throws Exception {
        // collection times by sequence number: two days, then a clock set back into the first, then a third day
        String[] times = {"2024-01-01T10:00:00Z", "2024-01-01T11:00:00Z", "2024-01-01T12:00:00Z",
                "2024-01-01T13:00:00Z", "2024-01-02T00:00:01Z", "2024-01-02T00:00:02Z", "2024-01-01T23:59:59.5Z",
                "2024-01-02T01:00:00Z", "2024-01-02T02:00:00Z", "2024-01-02T03:00:00Z", "2024-01-05T00:00:00Z"};
        try (Store store = Store.open(StoreConfig.of(dir))) {
            ChangeParts growing = new ChangeParts(store.journal(), SIZE);
            List<List<ResourceSyncSource.ChangePart>> seen = new ArrayList<>();
            for (int i = 0; i < times.length; i++) {
                store.commit(new CommitBatch(i % 2 == 0 ? "a" : "b", null, List.of(TestWrites.write("http://x/" + i)),
                        null, null));
                setCollected(i + 1, times[i]);
                seen.add(growing.of(null));
            }
            List<ResourceSyncSource.ChangePart> once = new ChangeParts(store.journal(), SIZE).of(null);

            assertThat(growing.of(null)).isEqualTo(once);
            assertThat(once).isEqualTo(expected(times, 1, times.length));
            assertThat(seen.get(4)).isEqualTo(expected(times, 1, 5));
            assertThat(new ChangeParts(store.journal(), SIZE).of("b")).extracting(ResourceSyncSource.ChangePart::path)
                    .containsExactly("changes/2024-01-01/1.xml", "changes/2024-01-02/1.xml");
        }
    }

    @Test
    void aFullPartIsClosedByItsLastRowAndADaysLastPartByTheNextDaysFirst() throws Exception {
        try (Store store = Store.open(StoreConfig.of(dir))) {
            String[] times = {"2024-03-01T01:00:00Z", "2024-03-01T02:00:00Z", "2024-03-01T03:00:00Z",
                    "2024-03-01T04:00:00Z", "2024-03-02T05:00:00Z"};
            for (int i = 0; i < times.length; i++) {
                store.commit(new CommitBatch("a", null, List.of(TestWrites.write("http://x/" + i)), null, null));
                setCollected(i + 1, times[i]);
            }
            List<ResourceSyncSource.ChangePart> parts = new ChangeParts(store.journal(), SIZE).of("a");

            assertThat(parts).extracting(p -> p.path() + " " + p.count() + " " + p.closed() + " " + p.closedBySeq())
                    .containsExactly("changes/2024-03-01/1.xml 3 true 3", "changes/2024-03-01/2.xml 1 true 5",
                            "changes/2024-03-02/1.xml 1 false 0");
        }
    }

    /** The parts by definition: rows grouped by day (in day order), each day's rows in journal order, cut by SIZE. */
    private static List<ResourceSyncSource.ChangePart> expected(String[] times, long fromSeq, long toSeq) {
        Map<String, List<Integer>> days = new java.util.TreeMap<>();
        for (int s = (int) fromSeq; s <= toSeq; s++) {
            days.computeIfAbsent(times[s - 1].substring(0, 10), k -> new ArrayList<>()).add(s);
        }
        List<String> order = new ArrayList<>(days.keySet());
        List<ResourceSyncSource.ChangePart> out = new ArrayList<>();
        Map<String, List<Integer>> byDay = new LinkedHashMap<>(days);
        for (int d = 0; d < order.size(); d++) {
            List<Integer> seqs = byDay.get(order.get(d));
            for (int from = 0, part = 1; from < seqs.size(); from += SIZE, part++) {
                List<Integer> rows = seqs.subList(from, Math.min(seqs.size(), from + SIZE));
                boolean full = rows.size() == SIZE;
                boolean closed = full || d < order.size() - 1;
                long last = rows.get(rows.size() - 1);
                out.add(new ResourceSyncSource.ChangePart(order.get(d), part, rows.get(0), from, rows.size(), last,
                        Instant.parse(times[rows.get(0) - 1]), Instant.parse(times[(int) last - 1]), closed,
                        !closed ? 0 : full ? last : byDay.get(order.get(d + 1)).get(0)));
            }
        }
        return out;
    }

    private void setCollected(long seq, String time) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("lexsync.db"));
             PreparedStatement st = c.prepareStatement("UPDATE journal SET collected_at = ? WHERE seq = ?")) {
            st.setString(1, time);
            st.setLong(2, seq);
            assertThat(st.executeUpdate()).isEqualTo(1);
        }
    }
}
