import { type RouteConfig, index, route, layout } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('product-category/*', 'routes/product-category.tsx'),
  route('product-tag/:slug', 'routes/product-tag.tsx'),
  route('product/:slug', 'routes/product.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.tsx'),
  route('sitemaps/:file', 'routes/sitemaps.$file.tsx'),
  route('robots.txt', 'routes/robots[.]txt.tsx'),
  route('account', 'routes/account.tsx'),
  route('account/login', 'routes/account.login.tsx'),
  route('account/register', 'routes/account.register.tsx'),
  route('account/logout', 'routes/account.logout.tsx'),
  route('account/lost-password', 'routes/account.lost-password.tsx'),
  route('account/reset-password', 'routes/account.reset-password.tsx'),
  route('admin/setup', 'routes/admin.setup.tsx'),
  layout('routes/admin.tsx', [
    route('admin', 'routes/admin._index.tsx'),
    route('admin/settings', 'routes/admin.settings.tsx'),
    route('admin/mail', 'routes/admin.mail.tsx'),
    route('admin/mail/:id', 'routes/admin.mail.$id.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
