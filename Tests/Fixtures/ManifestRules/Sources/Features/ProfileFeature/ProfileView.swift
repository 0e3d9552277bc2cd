struct ProfileView {}
