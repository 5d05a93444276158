/*
 * ObjectIdsTest: objectid.jdbc.ObjectIds with the bson and pgjdbc of this
 * pom (test/clients/JdbcCheck.java runs the same helpers with Debian's bson
 * 3.x and pgjdbc, and on the pg_tle route), against TestServer.
 *
 * ObjectIds made by bson and by the server's objectid() go in through
 * ObjectIds.set, past pgjdbc's prepareThreshold (so server-prepared too),
 * and come back through ObjectIds.get: equal, equal to the server's text and
 * bytes, sorted by ORDER BY as compareTo sorts them, objectid_timestamp()
 * equal to the unsigned getTimestamp() and to getDate() (this bson reads the
 * second as unsigned, to 2106); NULL stays null; lookups by a bound
 * ObjectId; a string that is not an ObjectId is refused with 22P02 and
 * changes nothing.  The README's example runs and finds its own row.
 */
package objectid.jdbc;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import objectid.ClientIds;
import objectid.TestServer;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class ObjectIdsTest
{
	@Test
	void roundTrip() throws Exception
	{
		TestServer s = TestServer.get();

		try (Connection conn = s.connect(); Statement st = conn.createStatement())
		{
			st.execute("DROP TABLE IF EXISTS junit_ids");
			st.execute("CREATE TABLE junit_ids (n int PRIMARY KEY, id " + s.fn("objectid") + ")");
			st.execute("INSERT INTO junit_ids SELECT 2000 + g, " + s.fn("objectid")
					   + "() FROM generate_series(1, 10) g");
			List<ObjectId> mine = ClientIds.make();

			try (PreparedStatement ps = conn.prepareStatement("INSERT INTO junit_ids VALUES (?, ?)"))
			{
				for (int i = 0; i < mine.size(); i++)
				{
					ps.setInt(1, i);
					ObjectIds.set(ps, 2, mine.get(i));
					ps.executeUpdate();
				}
				ps.setInt(1, 1000);
				ObjectIds.set(ps, 2, null);
				ps.executeUpdate();
			}

			Map<Integer, ObjectId> got = new HashMap<>();

			try (ResultSet rs = st.executeQuery("SELECT n, id, id::text, " + s.fn("bytea")
												+ "(id) FROM junit_ids ORDER BY n"))
			{
				while (rs.next())
				{
					int n = rs.getInt(1);
					ObjectId id = ObjectIds.get(rs, 2);

					s.check(id == null ? ObjectIds.get(rs, "id") == null : id.equals(ObjectIds.get(rs, "id")),
							"by name, row " + n);
					got.put(n, id);
					if (id != null)
					{
						s.check(id.toHexString().equals(rs.getString(3)), "text of row " + n);
						s.check(Arrays.equals(id.toByteArray(), rs.getBytes(4)), "bytes of row " + n);
					}
				}
			}
			s.check(got.size() == mine.size() + 11, "row count " + got.size());
			for (int i = 0; i < mine.size(); i++)
				s.check(mine.get(i).equals(got.get(i)), "row " + i + ": " + got.get(i) + " != " + mine.get(i));
			s.check(got.containsKey(1000) && got.get(1000) == null, "NULL row");

			List<ObjectId> all = new ArrayList<>();

			for (ObjectId id : got.values())
				if (id != null)
					all.add(id);
			Collections.sort(all);
			try (ResultSet rs = st.executeQuery("SELECT id, extract(epoch FROM " + s.fn("objectid_timestamp")
												+ "(id))::bigint FROM junit_ids WHERE id IS NOT NULL ORDER BY id"))
			{
				int i = 0;

				for (; rs.next(); i++)
				{
					ObjectId id = ObjectIds.get(rs, 1);
					long sec = Integer.toUnsignedLong(id.getTimestamp());

					s.check(id.equals(all.get(i)), "ORDER BY position " + i + ": " + id + " != " + all.get(i));
					s.check(rs.getLong(2) == sec, "timestamp of " + id + ": " + rs.getLong(2) + " != " + sec);
					s.check(id.getDate().getTime() == sec * 1000, "getDate of " + id + ": " + id.getDate().toInstant());
				}
				s.check(i == all.size(), "ordered rows " + i);
			}

			try (PreparedStatement ps = conn.prepareStatement("SELECT n FROM junit_ids WHERE id " + s.eq() + " ?"))
			{
				for (Map.Entry<Integer, ObjectId> e : got.entrySet())
				{
					if (e.getValue() == null)
						continue;
					ObjectIds.set(ps, 1, e.getValue());
					try (ResultSet rs = ps.executeQuery())
					{
						s.check(rs.next() && rs.getInt(1) == e.getKey() && !rs.next(), "lookup of " + e.getValue());
					}
				}
			}

			String good = mine.get(0).toHexString();

			for (String bad : new String[] {"not an objectid", good.substring(1), good + "0", ""})
			{
				try (PreparedStatement ps = conn.prepareStatement("INSERT INTO junit_ids VALUES (9999, ?)"))
				{
					ps.setObject(1, bad, Types.OTHER);
					ps.executeUpdate();
					s.check(false, "'" + bad + "' was accepted");
				}
				catch (SQLException e)
				{
					s.check("22P02".equals(e.getSQLState()), "'" + bad + "': " + e.getSQLState() + " " + e.getMessage());
				}
			}
			try (ResultSet rs = st.executeQuery("SELECT count(*) FROM junit_ids"))
			{
				s.check(rs.next() && rs.getInt(1) == mine.size() + 11, "nothing written");
			}
			st.execute("DROP TABLE junit_ids");
			System.out.println(s.passed("ObjectIds (pgjdbc " + conn.getMetaData().getDriverVersion() + ")"));
		}
	}

	/* the README's example, where its unqualified names resolve */
	@Test
	void example() throws Exception
	{
		TestServer s = TestServer.get();
		ByteArrayOutputStream buf = new ByteArrayOutputStream();
		PrintStream out = System.out;

		org.junit.jupiter.api.Assumptions.assumeTrue(s.schema.equals("public"), "the example names objectid() unqualified");
		System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
		try
		{
			Example.main(new String[] {s.url});
		}
		finally
		{
			System.setOut(out);
		}
		String printed = buf.toString(StandardCharsets.UTF_8);

		s.check(printed.lines().filter(l -> l.endsWith(" made by bson (the one inserted)")).count() == 1
				&& printed.lines().filter(l -> l.endsWith(" made by the server")).count() == 1,
				"the example printed: " + printed);
	}
}
