import { useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import LogoutIcon from '@mui/icons-material/Logout';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { formatMoney } from '../components/format';
import { useSession } from './session';
import { activeNavItem, NAV_ITEMS } from './nav';
import { useThemeMode } from './theme';

const DRAWER = 230;

/** The shared layout of every protected screen: top bar, sidebar, content. */
export default function Layout() {
  const { user, isSeller, isStaff, due, logout } = useSession();
  const [open, setOpen] = useState(() => window.innerWidth >= 900);
  const navigate = useNavigate();
  const theme = useThemeMode();

  const items = NAV_ITEMS.filter((i) => i.who === 'all' || (i.who === 'staff' && isStaff) || (i.who === 'seller' && isSeller));
  const active = activeNavItem(useLocation().pathname, items);

  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
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
            <Typography component="div" data-testid="seller-due" sx={{ mr: 2 }}>
              Due: {due === null ? '…' : formatMoney(due)}
            </Typography>
          )}
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
        open={open}
        sx={{ width: open ? DRAWER : 0, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <Box component="nav" aria-label="Main menu">
          <List>
            {items.map((i) => (
              <ListItem key={i.to} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={i.to}
                  end={i.to === '/'}
                  selected={i === active}
                  aria-current={i === active ? 'page' : undefined}
                  sx={{ '&.Mui-selected': { fontWeight: 600 } }}
                >
                  <ListItemText primary={i.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
