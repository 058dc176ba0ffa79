import { Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';

import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import LogoutIcon from '@mui/icons-material/Logout';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { Due } from '../components/Money';
import { useApiQuery } from '../api/query';
import { LIMITS } from '../../../shared/limits';
import { useSession } from './session';
import { InboxBell } from '../features/inbox/InboxBell';
import { activeNavItem, NAV_ITEMS, type NavItem } from './nav';
import { useThemeMode } from './theme';
import { LiveUpdates } from './LiveUpdates';
import { DesktopCommands } from './DesktopCommands';
import { RouteFallback } from './RouteFallback';
import { DeferredMount } from '../components/DeferredMount';
import { useSettings } from '../components/useSettings';
import { visuallyHidden } from '../components/visuallyHidden';
import { useNewLinks } from '../components/links/newLinks';

const DRAWER = 230;
const RAIL = 64;
const MAIN_ID = 'main-content';
/** Hidden until it has the keyboard focus, then shown over the top bar's corner. */
const skipLink = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 2000,
  px: 2,
  py: 1,
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'primary.main',
  fontWeight: 600,
  boxShadow: 3,
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
} as const;
/** Below this width (the window's minimum is 900 px) the sidebar starts as a rail of icons with tooltips. */
const NARROW = '(max-width: 1199.95px)';

const BADGE_TEST_ID: Record<string, string> = { '/pending-approvals': 'approvals-badge', '/sellers': 'new-links-badge' };

/** One sidebar entry: the current screen (its own route or another of its routes) is selected and aria-current. */
function NavItemLink({
  item,
  active,
  rail,
  count,
  counted = 'pending',
}: {
  item: NavItem;
  active: boolean;
  rail: boolean;
  count?: number;
  /** What the count counts, after the number ("3 pending"): the link's description. */
  counted?: string;
}) {
  const countId = `nav-count-${item.to.replace(/\W/g, '')}`;
  const button = (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-describedby={count ? countId : undefined}
      sx={{ '&.Mui-selected': { fontWeight: 600 }, minHeight: 44 }}
    >
      <ListItemIcon sx={{ minWidth: rail ? 0 : 40 }}>
        {/* The number is hidden from the link's name ("Gift Cards" stays its name); it is the link's description. */}
        <Badge
          badgeContent={count || undefined}
          color="warning"
          max={9999}
          data-testid={count ? (BADGE_TEST_ID[item.to] ?? 'pending-badge') : undefined}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <item.icon fontSize="small" />
        </Badge>
      </ListItemIcon>
      {/* In the rail the name stays for screen readers and tests, visually hidden. */}
      <ListItemText primary={item.label} sx={rail ? visuallyHidden : undefined} />
    </ListItemButton>
  );
  const description = count ? (
    <Box component="span" id={countId} sx={visuallyHidden}>
      {count} {counted}
    </Box>
  ) : null;
  return rail ? (
    <>
      {/* describeChild: the link keeps its name from its (hidden) text; a tooltip's aria-label would leave out the
          count the badge shows (axe label-content-name-mismatch). */}
      <Tooltip title={item.label} placement="right" describeChild>
        {button}
      </Tooltip>
      {description}
    </>
  ) : (
    <>
      {button}
      {description}
    </>
  );
}

/**
 * The sidebar's links, staff's with their counts (cards pending review, payments waiting for approval). The counts'
 * queries are read here, not in Layout: each of their answers re-rendered the whole frame at once (issue 33).
 */
function MainMenu({ items, active, rail, isStaff }: { items: NavItem[]; active?: NavItem; rail: boolean; isStaff: boolean }) {
  const counts = useApiQuery('cardStatusCounts', {}, { enabled: isStaff, loader: false });
  const pending = isStaff ? counts.data?.data.pending : undefined;
  const { fourEyes } = useSettings(isStaff);
  // Payments waiting for a second staff member (kept fresh every 30 s and after every payment or decision); only
  // FOUR_EYES makes any.
  const approvals = useApiQuery(
    'listPendingPayments',
    {},
    { enabled: isStaff && fourEyes === true, loader: false, refetchInterval: LIMITS.desktop.pendingPaymentsPollMs.value },
  );
  const waiting = approvals.data?.data.filter((r) => r.status === 'pending').length;
  // New links between sellers heard in this browser session (LiveUpdates; the desktop app notifies instead).
  const links = useNewLinks().count;
  const countOf = (to: string) =>
    to === '/gift-cards' ? pending : to === '/pending-approvals' ? waiting : to === '/sellers' && isStaff ? links : undefined;
  const countedOf = (to: string) => (to === '/sellers' ? (links === 1 ? 'new seller link' : 'new seller links') : undefined);
  return (
    <Box component="nav" aria-label="Main menu">
      <List>
        {items
          .filter((i) => !i.fourEyes || fourEyes === true)
          .map((i) => (
            <ListItem key={i.to} disablePadding>
              <NavItemLink item={i} active={i === active} rail={rail} count={countOf(i.to)} counted={countedOf(i.to)} />
            </ListItem>
          ))}
      </List>
    </Box>
  );
}

/** The shared layout of every protected screen: top bar, sidebar, content. */
export default function Layout() {
  const { user, isSeller, isStaff, due, logout } = useSession();
  const narrow = useMediaQuery(NARROW, { noSsr: true });
  // Open: the full sidebar. Closed: a rail of icons in a narrow window, nothing in a wide one.
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW).matches);
  const rail = !open && narrow;
  const width = open ? DRAWER : rail ? RAIL : 0;
  const navigate = useNavigate();
  const theme = useThemeMode();

  const items = NAV_ITEMS.filter(
    (i) =>
      i.who === 'all' ||
      (i.who === 'staff' && isStaff) ||
      (i.who === 'admin' && user?.role === 'admin') ||
      (i.who === 'seller' && isSeller),
  );
  const active = activeNavItem(useLocation().pathname, items);

  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  // The first stop of the Tab key: past the top bar and the menu, to the screen itself (focus moves, the URL stays).
  const skipToContent = (e: MouseEvent) => {
    e.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="a" href={`#${MAIN_ID}`} onClick={skipToContent} sx={skipLink}>
        Skip to content
      </Box>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1, displayPrint: 'none' }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Toggle sidebar"
            aria-expanded={open}
            aria-controls="app-sidebar"
            onClick={() => setOpen((o) => !o)}
          >
            <MenuIcon />
          </IconButton>
          <CardGiftcardIcon aria-hidden />
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }} noWrap>
            Gift Card Back-Office
          </Typography>
          {isSeller && (
            <Button
              color="inherit"
              component={RouterLink}
              to="/statement"
              data-testid="seller-due"
              title="Open my statement"
              sx={{ mr: 2, textTransform: 'none', fontSize: '1rem', fontWeight: 400 }}
            >
              Due: {due === null ? '…' : <Due value={due} onPrimary />}
            </Button>
          )}
          {isSeller && <InboxBell />}
          <Typography component="div" data-testid="user-name" noWrap sx={{ maxWidth: 200 }}>
            {user?.name}
          </Typography>
          <IconButton
            color="inherit"
            onClick={theme.toggle}
            aria-label={theme.mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          >
            {theme.mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
          <Button color="inherit" onClick={onLogout} startIcon={<LogoutIcon />}>
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        id="app-sidebar"
        variant="persistent"
        open={open || rail}
        sx={{
          width,
          flexShrink: 0,
          displayPrint: 'none',
          '& .MuiDrawer-paper': { width: open ? DRAWER : RAIL, boxSizing: 'border-box', overflowX: 'hidden' },
        }}
      >
        <Toolbar />
        <MainMenu items={items} active={active} rail={rail} isStaff={isStaff} />
      </Drawer>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, p: 3, minWidth: 0, outline: 'none', '@media print': { p: 0 } }}>
        <Toolbar sx={{ displayPrint: 'none' }} />
        <LiveUpdates />
        <DesktopCommands />
        {/* The frame commits on its own (a task of its own) while the screen's code loads; then the screen, mounted a task
            after the frame's first commit: shown together, the frame and the screen were one commit whose task also ran
            a form's react-hook-form re-render and every pending effect (21-36 ms of CPU on the form and list screens,
            16-25 ms apart; issue 33). */}
        <Suspense fallback={<RouteFallback />}>
          <DeferredMount minHeight={0}>
            <Outlet />
          </DeferredMount>
        </Suspense>
      </Box>
    </Box>
  );
}
