package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RowInserts} on both stores: the rows of a commit arrive as written (nulls, numbers, bytes), on PostgreSQL in
 * one statement, counted by a statement-level trigger of the test's table.
 */
class RowInsertsTest {
    private static final RowInserts ITEMS = RowInserts.of("items", List.of("id bigint", "name text", "rank integer",
            "data bytea"), " ON CONFLICT (id) DO UPDATE SET name = excluded.name");

    @TempDir
    Path dir;

    @Test
    void theRowsOfACommitAreOneStatementOnPostgresql() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create();
             Connection c = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, "")) {
            createItems(c, "bytea");
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE inserts (n integer)");
                s.execute("CREATE FUNCTION count_insert() RETURNS trigger LANGUAGE plpgsql AS"
                        + " $$ BEGIN INSERT INTO inserts VALUES (1); RETURN NULL; END $$");
                s.execute("CREATE TRIGGER counted AFTER INSERT ON items FOR EACH STATEMENT"
                        + " EXECUTE FUNCTION count_insert()");
            }
            sevenRows().insert(c, false);

            assertThat(count(c, "SELECT count(*) FROM inserts")).isEqualTo(1);
            assertThat(read(c)).containsExactlyElementsOf(expected());
        }
    }

    @Test
    void theRowsOfACommitArriveAsWrittenOnSqlite() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("t.db"))) {
            createItems(c, "blob");
            sevenRows().insert(c, true);

            assertThat(read(c)).containsExactlyElementsOf(expected());
        }
    }

    @Test
    void theSuffixAppliesToEveryRowOfTheStatement() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create();
             Connection c = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, "")) {
            createItems(c, "bytea");
            sevenRows().insert(c, false);
            RowInserts.Rows again = ITEMS.rows();
            again.add(2L, "two, renamed", 9, null);
            again.add(5L, "five, renamed", 9, null);
            again.insert(c, false);

            assertThat(count(c, "SELECT count(*) FROM items")).isEqualTo(7);
            assertThat(read(c)).contains("2|two, renamed|2|null", "5|five, renamed|5|bytes 5"); // only the name is set
        }
    }

    @Test
    void aRowOfTheWrongShapeIsRefusedNamingTheTableAndTheValue() {
        RowInserts.Rows rows = ITEMS.rows();

        assertThatThrownBy(() -> rows.add(1L, "one")).hasMessage("a row of items has 2 values, not 4");
        assertThatThrownBy(() -> rows.add(1, "one", 1, null))
                .hasMessage("value 1 of a row of items is a Integer, not BIGINT");
        assertThatThrownBy(() -> RowInserts.of("items", List.of("id"), ""))
                .hasMessage("column \"id\" of items is not \"name type\"");
    }

    private static void createItems(Connection c, String bytes) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE items (id bigint PRIMARY KEY, name text, rank integer, data " + bytes + ")");
        }
    }

    private static RowInserts.Rows sevenRows() {
        RowInserts.Rows rows = ITEMS.rows();
        for (long i = 1; i <= 7; i++) {
            rows.add(i, i == 3 ? null : "n" + i, (int) i, i % 2 == 0 ? null : ("bytes " + i).getBytes(
                    StandardCharsets.UTF_8));
        }
        return rows;
    }

    private static List<String> expected() {
        List<String> rows = new ArrayList<>();
        for (long i = 1; i <= 7; i++) {
            rows.add(i + "|" + (i == 3 ? null : "n" + i) + "|" + i + "|" + (i % 2 == 0 ? null : "bytes " + i));
        }
        return rows;
    }

    private static List<String> read(Connection c) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT id, name, rank, data FROM items ORDER BY id")) {
            while (rs.next()) {
                byte[] data = rs.getBytes(4);
                rows.add(rs.getLong(1) + "|" + rs.getString(2) + "|" + rs.getInt(3) + "|"
                        + (data == null ? null : new String(data, StandardCharsets.UTF_8)));
            }
        }
        return rows;
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
