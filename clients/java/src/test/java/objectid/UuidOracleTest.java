/*
 * UuidOracleTest: the extension's UUID conversions against the Java driver's
 * own, org.mongodb:bson's UuidRepresentation codecs (BsonBinary(UUID,
 * UuidRepresentation) and BsonBinary.asUuid(UuidRepresentation), through
 * which UuidCodec writes and reads), on thousands of generated values, in
 * TestServer's database (the C extension, or the portable edition's plain
 * route: both editions).
 *
 * Per representation (STANDARD, JAVA_LEGACY, C_SHARP_LEGACY, PYTHON_LEGACY:
 * the extension's standard, javaLegacy, csharpLegacy, pythonLegacy), for
 * random v4, v7-shaped and arbitrary 16-byte UUIDs, nil and max:
 * uuid_to_bytea() must be the bytes bson writes and uuid_from_bytea() of
 * those bytes the UUID bson reads; uuid_to_extjson() must equal the Extended
 * JSON bson writes ({"$binary": {"base64", "subType"}}) and
 * uuid_from_extjson() of it give the UUID; uuid_representations() of the
 * bytes must name the representation where the UUID is a well-formed RFC
 * 9562 one.  Prints `oracle bson X (ROUTE, schema S): values compared N,
 * mismatches 0`; any mismatch fails it, the first ones named.
 */
package objectid;

import java.io.File;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.jar.JarFile;

import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.UuidRepresentation;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;

class UuidOracleTest
{
	private static final int N = 2000;

	private int compared = 0;
	private final List<String> mismatches = new ArrayList<>();

	private void same(Object got, Object want, String what)
	{
		compared++;
		if (!java.util.Objects.deepEquals(got, want))
			mismatches.add(what + ": server " + show(got) + ", bson " + show(want));
	}

	private static String show(Object o)
	{
		if (o instanceof byte[] b)
		{
			StringBuilder sb = new StringBuilder();
			for (byte x : b)
				sb.append(String.format("%02x", x));
			return sb.toString();
		}
		return String.valueOf(o);
	}

	/* random v4, v7-shaped and arbitrary 16-byte UUIDs, nil and max */
	private static List<UUID> uuids()
	{
		Random r = new java.security.SecureRandom();
		List<UUID> out = new ArrayList<>();
		for (int i = 0; i < N / 2; i++)
			out.add(UUID.randomUUID());
		for (int i = 0; i < N / 4; i++)
		{
			long hi = (r.nextLong() & ~0xF000L) | 0x7000L;
			long lo = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
			out.add(new UUID(hi, lo));
		}
		for (int i = 0; i < N / 4; i++)
			out.add(new UUID(r.nextLong(), r.nextLong()));
		out.add(new UUID(0, 0));
		out.add(new UUID(-1L, -1L));
		return out;
	}

	/* variant 10, version 1-8 */
	private static boolean wellFormed(UUID u)
	{
		return u.variant() == 2 && u.version() >= 1 && u.version() <= 8;
	}

	@Test
	void uuidRepresentations() throws Exception
	{
		TestServer s = TestServer.get();
		Map<String, UuidRepresentation> reps = new LinkedHashMap<>();
		reps.put("standard", UuidRepresentation.STANDARD);
		reps.put("javaLegacy", UuidRepresentation.JAVA_LEGACY);
		reps.put("csharpLegacy", UuidRepresentation.C_SHARP_LEGACY);
		reps.put("pythonLegacy", UuidRepresentation.PYTHON_LEGACY);
		JsonWriterSettings extended = JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
		List<UUID> us = uuids();

		try (Connection conn = s.connect())
		{
			try (Statement st = conn.createStatement())
			{
				st.execute("SET search_path = \"" + s.schema + "\", public");
			}
			String sql = "SELECT uuid_to_bytea(u, ?), uuid_from_bytea(b, ?), uuid_to_extjson(u, ?) = j::jsonb,"
				+ " uuid_from_extjson(j::jsonb, ?), ? = ANY (uuid_representations(b))"
				+ " FROM unnest(?::uuid[], ?::bytea[], ?::text[]) WITH ORDINALITY x(u, b, j, n) ORDER BY n";
			for (Map.Entry<String, UuidRepresentation> e : reps.entrySet())
			{
				String rep = e.getKey();
				byte[][] bins = new byte[us.size()][];
				String[] docs = new String[us.size()];
				for (int i = 0; i < us.size(); i++)
				{
					BsonBinary bin = new BsonBinary(us.get(i), e.getValue());
					bins[i] = bin.getData();
					String doc = new BsonDocument("v", bin).toJson(extended);
					/* {"v": X} -> X */
					docs[i] = doc.substring(doc.indexOf(':') + 1, doc.lastIndexOf('}')).trim();
				}
				try (PreparedStatement ps = conn.prepareStatement(sql))
				{
					for (int p = 1; p <= 5; p++)
						ps.setString(p, rep);
					ps.setArray(6, conn.createArrayOf("uuid", us.toArray()));
					ps.setArray(7, conn.createArrayOf("bytea", bins));
					ps.setArray(8, conn.createArrayOf("text", docs));
					int i = 0;
					try (ResultSet rs = ps.executeQuery())
					{
						while (rs.next())
						{
							UUID u = us.get(i);
							byte subtype = e.getValue() == UuidRepresentation.STANDARD
								? BsonBinarySubType.UUID_STANDARD.getValue()
								: BsonBinarySubType.UUID_LEGACY.getValue();
							same(rs.getBytes(1), bins[i], rep + ": uuid_to_bytea(" + u + ")");
							same(rs.getObject(2), new BsonBinary(subtype, bins[i]).asUuid(e.getValue()),
								 rep + ": uuid_from_bytea(" + show(bins[i]) + ")");
							same(rs.getBoolean(3), true, rep + ": uuid_to_extjson(" + u + ") = " + docs[i]);
							same(rs.getObject(4), u, rep + ": uuid_from_extjson(" + docs[i] + ")");
							if (wellFormed(u))
								same(rs.getBoolean(5), true, rep + ": uuid_representations(" + show(bins[i]) + ")");
							i++;
						}
					}
					same(i, us.size(), rep + ": rows");
				}
			}
		}
		/* the version the jar's manifest names */
		String version;
		try (JarFile jar = new JarFile(new File(BsonBinary.class.getProtectionDomain().getCodeSource()
															.getLocation().toURI())))
		{
			version = jar.getManifest().getMainAttributes().getValue("Build-Version");
		}
		System.out.println("oracle bson " + version + " (" + s.route
						   + ", schema " + s.schema + "): values compared " + compared + ", mismatches "
						   + mismatches.size());
		s.check(mismatches.isEmpty(), "mismatches with bson's UuidRepresentation codecs:\n"
				+ String.join("\n", mismatches.subList(0, Math.min(20, mismatches.size()))));
		s.check(compared > 30000, "values compared: " + compared);
	}
}
