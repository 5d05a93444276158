/*
 * ObjectIdType: a Hibernate 6 UserType mapping an objectid column of the
 * objectid PostgreSQL extension to org.bson.types.ObjectId.
 *
 *   @Id
 *   @Type(ObjectIdType.class)
 *   @Generated
 *   @Column(columnDefinition = "objectid DEFAULT objectid()", updatable = false)
 *   private ObjectId id;
 *
 * Values travel as their text form, 24 hex digits, bound as untyped
 * parameters (Types.OTHER) that the server reads as objectid from the
 * column or comparison, through objectid.jdbc.ObjectIds.  ObjectId is
 * immutable, so the type is too.  As an EnhancedUserType it also gives
 * Hibernate the SQL literal ('<24 hex digits>') and the string form (the
 * 24 hex digits) it asks for, e.g. for a key Hibernate generates.
 */
package objectid.hibernate;

import java.io.Serializable;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Objects;

import objectid.jdbc.ObjectIds;
import org.bson.types.ObjectId;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.usertype.EnhancedUserType;

public class ObjectIdType implements EnhancedUserType<ObjectId>
{
	@Override
	public int getSqlType()
	{
		return Types.OTHER;
	}

	@Override
	public Class<ObjectId> returnedClass()
	{
		return ObjectId.class;
	}

	@Override
	public boolean equals(ObjectId x, ObjectId y)
	{
		return Objects.equals(x, y);
	}

	@Override
	public int hashCode(ObjectId x)
	{
		return Objects.hashCode(x);
	}

	@Override
	public ObjectId nullSafeGet(ResultSet rs, int position,
								SharedSessionContractImplementor session, Object owner)
		throws SQLException
	{
		return ObjectIds.get(rs, position);
	}

	@Override
	public void nullSafeSet(PreparedStatement st, ObjectId value, int index,
							SharedSessionContractImplementor session)
		throws SQLException
	{
		ObjectIds.set(st, index, value);
	}

	@Override
	public ObjectId deepCopy(ObjectId value)
	{
		return value;
	}

	@Override
	public boolean isMutable()
	{
		return false;
	}

	@Override
	public Serializable disassemble(ObjectId value)
	{
		return value;
	}

	@Override
	public ObjectId assemble(Serializable cached, Object owner)
	{
		return (ObjectId) cached;
	}

	@Override
	public String toSqlLiteral(ObjectId value)
	{
		return "'" + value.toHexString() + "'";
	}

	@Override
	public String toString(ObjectId value)
	{
		return value.toHexString();
	}

	@Override
	public ObjectId fromStringValue(CharSequence sequence)
	{
		return new ObjectId(sequence.toString());
	}
}
