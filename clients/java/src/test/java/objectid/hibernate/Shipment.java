/*
 * Shipment: an entity as a Spring Data JPA application declares one, its
 * key made by the server's objectid() and read back by Hibernate from the
 * INSERT's RETURNING.
 */
package objectid.hibernate;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.bson.types.ObjectId;
import org.hibernate.annotations.Generated;
import org.hibernate.annotations.Type;

@Entity
@Table(name = "hb_shipments")
public class Shipment
{
	@Id
	@Type(ObjectIdType.class)
	@Generated
	@Column(columnDefinition = "objectid DEFAULT objectid()", updatable = false)
	private ObjectId id;

	@Type(ObjectIdType.class)
	@Column(columnDefinition = "objectid")
	private ObjectId parent;

	private String item;

	protected Shipment()
	{
	}

	public Shipment(String item, ObjectId parent)
	{
		this.item = item;
		this.parent = parent;
	}

	public ObjectId getId()
	{
		return id;
	}

	public ObjectId getParent()
	{
		return parent;
	}

	public String getItem()
	{
		return item;
	}

	public void setItem(String item)
	{
		this.item = item;
	}
}
