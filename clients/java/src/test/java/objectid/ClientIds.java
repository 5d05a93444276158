/*
 * ClientIds: ObjectIds made by bson for the tests (ObjectIdsTest,
 * ObjectIdTypeTest, and test/clients/JdbcCheck.java, which is compiled with
 * it against Debian's bson 3.x).
 */
package objectid;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.bson.types.ObjectId;

public final class ClientIds
{
	private ClientIds()
	{
	}

	/*
	 * bson-made ids: 20 now, and the edges of the unsigned 32-bit second (a
	 * first byte >= 0x80 tells an unsigned order from a signed one),
	 * all-zero and all-ones
	 */
	public static List<ObjectId> make()
	{
		SecureRandom rnd = new SecureRandom();
		List<ObjectId> ids = new ArrayList<>();

		for (int i = 0; i < 20; i++)
			ids.add(new ObjectId());
		for (long sec : new long[] {0, 1, 0x7fffffffL, 0x80000000L, 0xfffffffeL, 0xffffffffL})
		{
			byte[] rest = new byte[8];

			rnd.nextBytes(rest);
			ids.add(new ObjectId(ByteBuffer.allocate(12).putInt((int) sec).put(rest).array()));
		}
		byte[] ones = new byte[12];

		Arrays.fill(ones, (byte) 0xff);
		ids.add(new ObjectId(new byte[12]));
		ids.add(new ObjectId(ones));
		return ids;
	}
}
