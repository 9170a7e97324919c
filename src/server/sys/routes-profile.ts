import { ok, type ApiApp } from '../http/api.js';
import { AvatarBody, Ok, PictureAnswer, PictureQuery, ProfileAnswer, ProfileBody, UserInfoAnswer } from './schemas.js';
import { profileOf, updateProfile } from './profile.js';
import { pictureOf, setAvatar } from './avatar.js';

/** The signed-in user's profile, preferences and picture. */
export function profileRoutes(app: ApiApp) {
  const tags = ['profile'];
  app.get('/api/sys/user/profile', { schema: { tags, response: { 200: ProfileAnswer } } }, async (req) =>
    ok(await profileOf(req.tdb, req.tenant, req.user)),
  );

  // Name, e-mail and preferences (time zone, date format, launch page, language); answers the new user info.
  app.put(
    '/api/sys/user/profile',
    { schema: { tags, body: ProfileBody, response: { 200: UserInfoAnswer } } },
    async (req) => ok(await updateProfile(req.tdb, req.tenant, req.user, req.body), 'Your profile has been saved.'),
  );

  app.post('/api/sys/user/avatar', { schema: { tags, body: AvatarBody, response: { 200: Ok } } }, async (req) => ({
    success: true as const,
    message: await setAvatar(req.tdb, req.user, req.body.image),
  }));

  // The picture as an image; `<img>` cannot send headers, so the token may come as x-token.
  app.get(
    '/api/sys/User/ProfilePicture',
    { config: { queryToken: true }, schema: { tags, querystring: PictureQuery, response: { 200: PictureAnswer } } },
    async (req, reply) => {
      const picture = await pictureOf(req.tdb, req.query.id ?? req.user.id);
      return reply
        .header('content-type', picture.type)
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(picture.bytes);
    },
  );
}
