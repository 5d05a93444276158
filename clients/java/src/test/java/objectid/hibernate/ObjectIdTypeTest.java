/*
 * ObjectIdTypeTest: objectid.hibernate.ObjectIdType in Hibernate 6 with the
 * entity Shipment, against TestServer (the extension's schema put on the
 * search_path through pgjdbc's currentSchema, as the unqualified
 * columnDefinition needs).
 *
 * Hibernate's schema export creates the column with the extension's type
 * and its default objectid(); persisting entities without an id has the
 * server make each key, which Hibernate reads back (the INSERT's
 * RETURNING) as an ObjectId, equal to the server's own text; find()
 * by ObjectId; HQL comparisons, IN and ORDER BY with ObjectIds in
 * compareTo's order; a nullable objectid column with bson-made values and
 * NULL; an update and a delete by key.
 */
package objectid.hibernate;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import objectid.ClientIds;
import objectid.TestServer;
import org.bson.types.ObjectId;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.Version;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.Test;

class ObjectIdTypeTest
{
	@Test
	void entity() throws Exception
	{
		TestServer s = TestServer.get();
		String url = s.url + (s.schema.equals("public") ? "" : (s.url.contains("?") ? "&" : "?")
							  + "currentSchema=public," + s.schema);
		Configuration cfg = new Configuration()
			.addAnnotatedClass(Shipment.class)
			.setProperty("hibernate.connection.url", url)
			.setProperty("hibernate.connection.username", System.getenv("PGUSER"))
			.setProperty("hibernate.connection.password", System.getenv("PGPASSWORD") == null ? "" : System.getenv("PGPASSWORD"))
			.setProperty("hibernate.connection.pool_size", "2")
			.setProperty("hibernate.hbm2ddl.auto", "create-drop");
		List<ObjectId> parents = ClientIds.make();
		List<ObjectId> ids = new ArrayList<>();

		try (SessionFactory sf = cfg.buildSessionFactory())
		{
			/* the column Hibernate created */
			try (Connection conn = s.connect(); Statement st = conn.createStatement();
				 ResultSet rs = st.executeQuery("SELECT coalesce(domain_name, udt_name), column_default, is_nullable"
												+ " FROM information_schema.columns WHERE table_name = 'hb_shipments'"
												+ " AND column_name = 'id'"))
			{
				s.check(rs.next() && rs.getString(1).equals("objectid") && rs.getString(2).endsWith("objectid()")
						&& rs.getString(3).equals("NO"), "the id column");
			}

			/* the server makes each key; Hibernate reads it back */
			sf.inTransaction(session -> {
				for (int i = 0; i < parents.size(); i++)
				{
					Shipment sh = new Shipment("item " + i, parents.get(i));

					session.persist(sh);
					s.check(sh.getId() != null, "persist() gave no id");
					ids.add(sh.getId());
				}
				Shipment orphan = new Shipment("orphan", null);

				session.persist(orphan);
				ids.add(orphan.getId());
			});
			s.check(new HashSet<>(ids).size() == ids.size(), "distinct server-made ids");
			try (Connection conn = s.connect(); Statement st = conn.createStatement();
				 ResultSet rs = st.executeQuery("SELECT item, id::text FROM hb_shipments"))
			{
				Map<String, String> text = new TreeMap<>();

				while (rs.next())
					text.put(rs.getString(1), rs.getString(2));
				for (int i = 0; i < parents.size(); i++)
					s.check(ids.get(i).toHexString().equals(text.get("item " + i)), "the server's text of item " + i);
			}

			List<ObjectId> sorted = new ArrayList<>(ids);

			Collections.sort(sorted);
			try (Session session = sf.openSession())
			{
				for (int i = 0; i < parents.size(); i++)
				{
					Shipment sh = session.find(Shipment.class, ids.get(i));

					s.check(sh != null && sh.getItem().equals("item " + i) && parents.get(i).equals(sh.getParent()),
							"find() of item " + i);
				}
				s.check(session.find(Shipment.class, new ObjectId()) == null, "find() of an unknown id");
				s.check(session.find(Shipment.class, ids.get(ids.size() - 1)).getParent() == null, "NULL reads as null");

				List<ObjectId> ordered = session.createQuery("select s.id from Shipment s order by s.id", ObjectId.class)
					.getResultList();

				s.check(ordered.equals(sorted), "ORDER BY id is compareTo's order");
				ObjectId mid = sorted.get(sorted.size() / 2);
				List<ObjectId> above = session.createQuery("select s.id from Shipment s where s.id > :mid order by s.id",
														   ObjectId.class)
					.setParameter("mid", mid).getResultList();

				s.check(above.equals(sorted.subList(sorted.size() / 2 + 1, sorted.size())), "id > :mid");
				List<ObjectId> some = List.of(ids.get(0), ids.get(3), new ObjectId());

				s.check(session.createQuery("select count(*) from Shipment s where s.id in :ids", Long.class)
						.setParameter("ids", some).getSingleResult() == 2, "id in :ids");
				s.check(session.createQuery("select s.item from Shipment s where s.parent = :p", String.class)
						.setParameter("p", parents.get(5)).getSingleResult().equals("item 5"), "parent = :p");
			}
			sf.inTransaction(session -> {
				session.find(Shipment.class, ids.get(1)).setItem("renamed");
				session.remove(session.find(Shipment.class, ids.get(2)));
			});
			try (Session session = sf.openSession())
			{
				s.check(session.find(Shipment.class, ids.get(1)).getItem().equals("renamed"), "update by key");
				s.check(session.find(Shipment.class, ids.get(2)) == null, "delete by key");
			}
		}
		System.out.println(s.passed("hibernate (Hibernate " + Version.getVersionString() + ")"));
	}
}
