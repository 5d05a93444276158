/*
 * test/clients/JdbcCheck.java: clients/java (pgjdbc + bson) against the
 * database of the JDBC URL in args[0] (user and password from PGUSER and
 * PGPASSWORD), in which objectid is installed in the schema args[1] by the
 * route args[2]: "c" (the C extension, the default), "plain"
 * (portable/objectid.sql, a domain over text) or "pgtle"
 * (portable/pgtle.sql, a base type with text I/O only).  ObjectIds works
 * the same on each (values travel as text); the result's column type name
 * is pinned, "text" for the plain edition's domain (the server describes a
 * domain column by its base type).
 *
 * ObjectIds made by bson and by the server's objectid() go in through
 * ObjectIds.set and come back through ObjectIds.get: equal to the source,
 * sorted by ORDER BY as ObjectId.compareTo sorts them, objectid_timestamp()
 * equal to getTimestamp() (read as unsigned: the 3.x driver keeps it in an
 * int, so getDate() is wrong from 2038 on); NULL stays null; a bad value is
 * refused with SQLSTATE 22P02 and changes nothing.
 */
import java.sql.Connection;
import java.sql.DriverManager;
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
import objectid.jdbc.ObjectIds;
import org.bson.types.ObjectId;

public final class JdbcCheck
{
	private static int checks = 0;

	private static void check(boolean cond, String what)
	{
		if (!cond)
			throw new AssertionError(what);
		checks++;
	}

	private static int count(Connection conn, String sql) throws SQLException
	{
		try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql))
		{
			rs.next();
			return rs.getInt(1);
		}
	}

	public static void main(String[] args) throws Exception
	{
		String schema = args[1];
		String route = args.length > 2 ? args[2] : "c";
		String typ = "\"" + schema + "\".objectid";
		/* the plain edition's = is text's, in pg_catalog */
		String eq = route.equals("plain") ? "=" : "OPERATOR(\"" + schema + "\".=)";

		try (Connection conn = DriverManager.getConnection(args[0],
				System.getenv("PGUSER"), System.getenv("PGPASSWORD")))
		{
			try (Statement st = conn.createStatement())
			{
				st.execute("DROP TABLE IF EXISTS java_ids");
				st.execute("CREATE TABLE java_ids (n int PRIMARY KEY, id " + typ + ", src text)");
				st.execute("INSERT INTO java_ids SELECT 2000 + g, \"" + schema
					+ "\".objectid(), 'server' FROM generate_series(1, 10) g");
				st.execute("INSERT INTO java_ids SELECT 3000 + g, \"" + schema
					+ "\".objectid(timestamptz '2000-01-01 00:00:00+00' + g * interval '1 year'),"
					+ " 'server' FROM generate_series(1, 10) g");
			}
			List<ObjectId> mine = ClientIds.make();

			try (PreparedStatement ps = conn.prepareStatement(
					"INSERT INTO java_ids VALUES (?, ?, 'bson')"))
			{
				/* past pgjdbc's prepareThreshold (5): server-prepared too */
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

			/* every row back, by number and by name */
			Map<Integer, ObjectId> got = new HashMap<>();
			List<ObjectId> serverIds = new ArrayList<>();

			try (Statement st = conn.createStatement();
				 ResultSet rs = st.executeQuery("SELECT n, id, id::text AS t, \"" + schema
					+ "\".bytea(id) AS b FROM java_ids ORDER BY n"))
			{
				String typeName = rs.getMetaData().getColumnTypeName(2);

				check(route.equals("plain") ? typeName.equals("text") : typeName.matches("(\"" + schema + "\"\\.)?\"?objectid\"?"),
					  "column type name " + typeName);
				while (rs.next())
				{
					int n = rs.getInt(1);
					ObjectId id = ObjectIds.get(rs, 2);

					check(id == null ? ObjectIds.get(rs, "id") == null : id.equals(ObjectIds.get(rs, "id")),
						  "by name, row " + n);
					got.put(n, id);
					if (n >= 2000)
						serverIds.add(id);
					if (id != null)
					{
						/* what getObject gives, as clients/java/README.md says */
						String cls = rs.getObject(2).getClass().getSimpleName();

						check(cls.equals(route.equals("plain") ? "String" : "PGobject"), "getObject of row " + n + ": " + cls);
						check(id.toHexString().equals(rs.getString("t")), "text of row " + n);
						check(Arrays.equals(id.toByteArray(), rs.getBytes("b")), "bytes of row " + n);
					}
				}
			}
			check(got.size() == mine.size() + 21, "row count");
			for (int i = 0; i < mine.size(); i++)
				check(mine.get(i).equals(got.get(i)), "row " + i + ": " + got.get(i) + " != " + mine.get(i));
			check(got.containsKey(1000) && got.get(1000) == null, "NULL row");
			check(serverIds.size() == 20 && !serverIds.contains(null), "20 server ids");

			/* ORDER BY id is compareTo's order; objectid_timestamp is getTimestamp() */
			List<ObjectId> all = new ArrayList<>(mine);

			all.addAll(serverIds);
			Collections.sort(all);
			try (Statement st = conn.createStatement();
				 ResultSet rs = st.executeQuery("SELECT id, extract(epoch FROM \"" + schema
					+ "\".objectid_timestamp(id))::bigint, \"" + schema
					+ "\".objectid_timestamp(id) FROM java_ids WHERE id IS NOT NULL ORDER BY id"))
			{
				int i = 0;

				while (rs.next())
				{
					ObjectId id = ObjectIds.get(rs, 1);
					long sec = Integer.toUnsignedLong(id.getTimestamp());

					check(id.equals(all.get(i)), "ORDER BY position " + i);
					check(rs.getLong(2) == sec, "timestamp of " + id + ": " + rs.getLong(2) + " != " + sec);
					if (sec <= Integer.MAX_VALUE)
						check(rs.getTimestamp(3).getTime() == id.getDate().getTime(), "getDate of " + id);
					i++;
				}
				check(i == all.size(), "ordered row count");
			}

			/* parameters compare as objectid on the server */
			try (PreparedStatement ps = conn.prepareStatement(
					"SELECT count(*) FROM java_ids WHERE id " + eq + " ?"))
			{
				for (ObjectId id : all)
				{
					ObjectIds.set(ps, 1, id);
					try (ResultSet rs = ps.executeQuery())
					{
						rs.next();
						check(rs.getInt(1) == 1, "lookup of " + id);
					}
				}
			}

			/* a bad value from the client: the server's 22P02, nothing written */
			int before = count(conn, "SELECT count(*) FROM java_ids");
			String good = mine.get(0).toHexString();

			for (String bad : new String[] {"not an objectid", good.substring(1), good + "0",
					"gggggggggggggggggggggggg", ""})
			{
				try (PreparedStatement ps = conn.prepareStatement(
						"INSERT INTO java_ids VALUES (9999, ?, 'bad')"))
				{
					ps.setObject(1, bad, Types.OTHER);
					ps.executeUpdate();
					check(false, "'" + bad + "' was accepted");
				}
				catch (SQLException e)
				{
					check("22P02".equals(e.getSQLState()), "'" + bad + "': " + e.getSQLState() + " " + e.getMessage());
				}
			}
			check(count(conn, "SELECT count(*) FROM java_ids") == before, "nothing written");
			check(conn.isValid(5), "connection usable");
			try (Statement st = conn.createStatement())
			{
				st.execute("DROP TABLE java_ids");
			}
			System.out.println("java (pgjdbc " + conn.getMetaData().getDriverVersion()
				+ ", " + route + ", schema " + schema + "): " + checks + " checks passed");
		}
	}
}
