/*
 * WindowPlanTest: a time window written through the id's second, `WHERE
 * id::timestamptz >= ?`, with a bound of each of Java's usual time types as
 * pgjdbc binds it, is read through the key's index from a new connection's
 * first statement (issue 47), and from its second, against TestServer with
 * the C extension (skipped on the plain route, where no planner of the
 * extension's runs).  The table client_windows is test/clients/check's
 * (100,000 ids five minutes apart from 2025-01-01, an objectid primary key,
 * ANALYZEd): the bound, 2025-12-01, keeps 4% of the rows, so the planner
 * chooses the index on its own once the window is planned on the key.  The
 * bounds bind as clients/java/README.md says: OffsetDateTime as
 * timestamptz, LocalDateTime as timestamp, LocalDate as date, and a
 * java.sql.Timestamp (setTimestamp) untyped, so the server takes the
 * comparison's type; setObject refuses an Instant and a ZonedDateTime.
 */
package objectid.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import objectid.TestServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class WindowPlanTest
{
	private static final String EXPLAIN =
		"EXPLAIN (FORMAT JSON) SELECT id FROM client_windows WHERE id::timestamptz >= ?";
	private static final Pattern NODE =
		Pattern.compile("\"Node Type\": \"([^\"]+)\"|\"(?:Index|Relation) Name\": \"([^\"]+)\"");

	/* the plan's node types and the indexes and relations they read */
	private static List<String> scans(String json)
	{
		List<String> out = new ArrayList<>();
		Matcher m = NODE.matcher(json);
		while (m.find())
			out.add(m.group(1) != null ? m.group(1) : "on " + m.group(2));
		return out;
	}

	private interface Binder
	{
		void bind(PreparedStatement ps) throws SQLException;
	}

	private static void window(TestServer s, String name, String type, Binder bound) throws SQLException
	{
		try (Connection conn = s.connect())
		{
			for (String which : new String[] {"first", "second"})
			{
				try (PreparedStatement ps = conn.prepareStatement(EXPLAIN))
				{
					bound.bind(ps);
					try (ResultSet rs = ps.executeQuery())
					{
						rs.next();
						List<String> nodes = scans(rs.getString(1));
						s.check(nodes.contains("on client_windows_pkey"),
								name + ", a new connection's " + which + " statement: " + nodes
								+ ", not the key's index");
					}
				}
			}
			if (type == null)
				return;
			try (PreparedStatement ps = conn.prepareStatement("SELECT pg_catalog.pg_typeof(?)::text"))
			{
				bound.bind(ps);
				try (ResultSet rs = ps.executeQuery())
				{
					rs.next();
					s.check(rs.getString(1).equals(type), name + " binds as " + rs.getString(1) + ", not " + type);
				}
			}
		}
	}

	@Test
	void windowFromTheFirstStatement() throws Exception
	{
		TestServer s = TestServer.get();

		Assumptions.assumeFalse(s.plain(), "the plain route has no planner of its own");
		OffsetDateTime at = OffsetDateTime.of(2025, 12, 1, 0, 0, 0, 0, ZoneOffset.UTC);
		window(s, "OffsetDateTime", "timestamp with time zone", ps -> ps.setObject(1, at));
		window(s, "LocalDateTime", "timestamp without time zone", ps -> ps.setObject(1, at.toLocalDateTime()));
		window(s, "LocalDate", "date", ps -> ps.setObject(1, at.toLocalDate()));
		window(s, "Timestamp (setTimestamp)", null, ps -> ps.setTimestamp(1, Timestamp.from(at.toInstant())));
		// what the README says to pass instead of an Instant or a ZonedDateTime
		for (Object refused : new Object[] {at.toInstant(), at.toZonedDateTime()})
		{
			try (Connection conn = s.connect(); PreparedStatement ps = conn.prepareStatement("SELECT ?"))
			{
				ps.setObject(1, refused);
				s.check(false, "pgjdbc's setObject took a " + refused.getClass().getSimpleName());
			}
			catch (SQLException e)
			{
				s.check(e.getMessage().startsWith("Can't infer the SQL type"),
						refused.getClass().getSimpleName() + ": " + e.getMessage());
			}
		}
		System.out.println(s.passed("window plan (pgjdbc)"));
	}
}
