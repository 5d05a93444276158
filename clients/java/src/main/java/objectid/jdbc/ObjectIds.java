/*
 * ObjectIds: objectid columns of the objectid PostgreSQL extension as
 * org.bson.types.ObjectId, over plain JDBC (pgjdbc).
 *
 * pgjdbc knows nothing of the type, so values travel as their text form,
 * 24 hex digits: read with getString, bound as an untyped parameter
 * (Types.OTHER), which the server reads as objectid from the context (a
 * column, a comparison with an objectid).  A string that is not an ObjectId
 * is refused by the server with SQLSTATE 22P02.
 */
package objectid.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

import org.bson.types.ObjectId;

public final class ObjectIds
{
	private ObjectIds()
	{
	}

	/* the column as an ObjectId; null for SQL NULL */
	public static ObjectId get(ResultSet rs, int column) throws SQLException
	{
		String hex = rs.getString(column);

		return hex == null ? null : new ObjectId(hex);
	}

	public static ObjectId get(ResultSet rs, String column) throws SQLException
	{
		String hex = rs.getString(column);

		return hex == null ? null : new ObjectId(hex);
	}

	/* bind an ObjectId (null for SQL NULL) to an objectid parameter */
	public static void set(PreparedStatement ps, int index, ObjectId id)
		throws SQLException
	{
		if (id == null)
			ps.setNull(index, Types.OTHER);
		else
			ps.setObject(index, id.toHexString(), Types.OTHER);
	}
}
