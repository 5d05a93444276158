/*
 * Example: insert an ObjectId made by the bson library and one made by the
 * server, read both back as ObjectId.
 *
 *   java -cp classes:/usr/share/java/postgresql.jar:/usr/share/java/bson.jar \
 *       objectid.jdbc.Example jdbc:postgresql://localhost:5432/mydb
 *
 * User and password come from PGUSER and PGPASSWORD.
 */
package objectid.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

import org.bson.types.ObjectId;

public final class Example
{
	public static void main(String[] args) throws Exception
	{
		try (Connection conn = DriverManager.getConnection(args[0],
				System.getenv("PGUSER"), System.getenv("PGPASSWORD")))
		{
			try (Statement st = conn.createStatement())
			{
				st.execute("CREATE TEMP TABLE example (id objectid PRIMARY KEY DEFAULT objectid(), note text)");
				st.execute("INSERT INTO example (note) VALUES ('made by the server')");
			}
			ObjectId mine = new ObjectId();

			try (PreparedStatement ps = conn.prepareStatement(
					"INSERT INTO example (id, note) VALUES (?, 'made by bson')"))
			{
				ObjectIds.set(ps, 1, mine);
				ps.executeUpdate();
			}
			try (PreparedStatement ps = conn.prepareStatement(
					"SELECT id, note FROM example ORDER BY id");
				 ResultSet rs = ps.executeQuery())
			{
				while (rs.next())
				{
					ObjectId id = ObjectIds.get(rs, "id");

					System.out.println(id.toHexString() + " " + id.getDate().toInstant()
						+ " " + rs.getString("note")
						+ (id.equals(mine) ? " (the one inserted)" : ""));
				}
			}
		}
	}
}
