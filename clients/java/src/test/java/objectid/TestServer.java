/*
 * TestServer: the server the tests run against, from the environment:
 * OBJECTID_TEST_JDBC_URL (unset: the tests are skipped, saying so), user
 * and password from PGUSER and PGPASSWORD, OBJECTID_TEST_SCHEMA the schema
 * objectid is installed in (default public), OBJECTID_TEST_ROUTE how: "c"
 * (the C extension, the default) or "plain" (the portable edition's
 * portable/objectid.sql, a domain over text).  Also check(), which counts
 * the checks passed.
 */
package objectid;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import org.junit.jupiter.api.Assumptions;

public final class TestServer
{
	public final String url;
	public final String schema;
	public final String route;
	private int checks = 0;

	private TestServer(String url, String schema, String route)
	{
		this.url = url;
		this.schema = schema;
		this.route = route;
	}

	/* the server under test; skips the test class without one */
	public static TestServer get()
	{
		String url = System.getenv("OBJECTID_TEST_JDBC_URL");
		String schema = System.getenv("OBJECTID_TEST_SCHEMA");
		String route = System.getenv("OBJECTID_TEST_ROUTE");

		Assumptions.assumeTrue(url != null && !url.isEmpty(),
							   "OBJECTID_TEST_JDBC_URL is not set: no server to test against");
		return new TestServer(url, schema == null || schema.isEmpty() ? "public" : schema,
							  route == null || route.isEmpty() ? "c" : route);
	}

	public boolean plain()
	{
		return route.equals("plain");
	}

	public Connection connect() throws SQLException
	{
		return DriverManager.getConnection(url, System.getenv("PGUSER"), System.getenv("PGPASSWORD"));
	}

	/* a function of the extension, or its type, qualified by its schema */
	public String fn(String name)
	{
		return "\"" + schema + "\"." + name;
	}

	/* objectid's = operator (the plain edition's is text's, in pg_catalog) */
	public String eq()
	{
		return plain() ? "=" : "OPERATOR(\"" + schema + "\".=)";
	}

	public void check(boolean cond, String what)
	{
		if (!cond)
			throw new AssertionError(what);
		checks++;
	}

	public String passed(String name)
	{
		return name + " (" + route + ", schema " + schema + "): " + checks + " checks passed";
	}
}
